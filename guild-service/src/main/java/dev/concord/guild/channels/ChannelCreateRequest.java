package dev.concord.guild.channels;

import dev.concord.guild.GuildErrors;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.List;
import java.util.Optional;

/**
 * The body of {@code POST /guilds/{guild.id}/channels}, with the platform's limits per channel type. A
 * voice or stage channel keeps {@code rtc_region} (null: automatic), as {@code PATCH} does.
 */
record ChannelCreateRequest(
        String name,
        Possible<Integer> type,
        Possible<String> topic,
        Possible<Integer> bitrate,
        Possible<Integer> userLimit,
        Possible<Integer> rateLimitPerUser,
        Possible<Integer> position,
        Possible<List<OverwriteRequest>> permissionOverwrites,
        Possible<Snowflake> parentId,
        Possible<Boolean> nsfw,
        Possible<Optional<List<ForumTagRequest>>> availableTags,
        Possible<Optional<Integer>> defaultSortOrder,
        Possible<Optional<Integer>> defaultForumLayout,
        Possible<Optional<DefaultReaction>> defaultReactionEmoji,
        Possible<Optional<Integer>> defaultThreadRateLimitPerUser,
        Possible<Optional<String>> rtcRegion,
        Possible<Optional<Integer>> videoQualityMode,
        Possible<Optional<Integer>> defaultAutoArchiveDuration,
        Possible<Optional<String>> defaultTagSetting)
        implements Violations.Validatable {

    static final int MAX_NAME = 100;
    static final int MAX_TOPIC = 1024;
    static final int MAX_FORUM_TOPIC = 4096;
    static final int MAX_SLOWMODE = 21_600;
    static final int MIN_BITRATE = 8_000;
    /** Without boosts; premium tiers raise it once boosts exist. */
    static final int MAX_BITRATE = 96_000;

    static final int MAX_STAGE_BITRATE = 64_000;
    static final int MAX_VOICE_USERS = 99;
    static final int MAX_STAGE_USERS = 10_000;
    /** What clients may create: every guild channel type but the directory of a hub. */
    static final List<Integer> CREATABLE = List.of(
            ChannelType.TEXT,
            ChannelType.VOICE,
            ChannelType.CATEGORY,
            ChannelType.ANNOUNCEMENT,
            ChannelType.STAGE,
            ChannelType.DIRECTORY,
            ChannelType.FORUM);

    int typeOrText() {
        return type.orElse(ChannelType.TEXT);
    }

    @Override
    public void validate(Violations v) {
        v.required("name", name);
        v.length("name", name, 1, MAX_NAME);
        v.oneOf("type", type.orNull(), CREATABLE);
        int kind = typeOrText();
        v.length("topic", topic.orNull(), 0, kind == ChannelType.FORUM ? MAX_FORUM_TOPIC : MAX_TOPIC);
        v.range("rate_limit_per_user", rateLimitPerUser.orNull(), 0, MAX_SLOWMODE);
        if (kind == ChannelType.STAGE) {
            v.range("bitrate", bitrate.orNull(), MIN_BITRATE, MAX_STAGE_BITRATE);
            v.range("user_limit", userLimit.orNull(), 0, MAX_STAGE_USERS);
        } else {
            v.range("bitrate", bitrate.orNull(), MIN_BITRATE, MAX_BITRATE);
            v.range("user_limit", userLimit.orNull(), 0, MAX_VOICE_USERS);
        }
        v.range("position", position.orNull(), 0, Integer.MAX_VALUE);
        OverwriteRequest.validateAll(v, "permission_overwrites", permissionOverwrites.orNull());
        if (kind == ChannelType.CATEGORY && parentId.isPresent()) {
            GuildErrors.categoryInCategory(v);
        }
        ForumFields.validate(
                v,
                availableTags,
                defaultSortOrder,
                defaultForumLayout,
                defaultReactionEmoji,
                defaultThreadRateLimitPerUser);
        UnkeptChannelFields.validate(v, videoQualityMode, defaultAutoArchiveDuration, defaultTagSetting);
    }
}
