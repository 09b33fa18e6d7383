package dev.concord.guild.channels;

import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.List;
import java.util.Optional;

/**
 * Channel settings the platform validates and this service does not keep yet: {@code video_quality_mode}
 * (voice video is not built) and {@code default_auto_archive_duration} and {@code default_tag_setting}
 * (threads are not built). They are checked against the platform's choices, so a value it refuses is
 * refused here too rather than silently dropped, and a valid one is ignored. Null is allowed, as there.
 */
final class UnkeptChannelFields {

    static final List<Integer> VIDEO_QUALITY_MODES = List.of(1, 2);
    static final List<Integer> AUTO_ARCHIVE_DURATIONS = List.of(60, 1440, 4320, 10080);
    static final List<String> TAG_SETTINGS = List.of("match_all", "match_some");

    private UnkeptChannelFields() {}

    static void validate(
            Violations v,
            Possible<Optional<Integer>> videoQualityMode,
            Possible<Optional<Integer>> defaultAutoArchiveDuration,
            Possible<Optional<String>> defaultTagSetting) {
        v.oneOf("video_quality_mode", Possible.valueOrNull(videoQualityMode), VIDEO_QUALITY_MODES);
        v.oneOf(
                "default_auto_archive_duration",
                Possible.valueOrNull(defaultAutoArchiveDuration),
                AUTO_ARCHIVE_DURATIONS);
        v.oneOf("default_tag_setting", Possible.valueOrNull(defaultTagSetting), TAG_SETTINGS);
    }
}
