package dev.concord.guild.channels;

import dev.concord.guild.ColumnChanges;
import dev.concord.guild.ColumnChanges.Change;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/** The columns a validated channel PATCH changes; fields a channel type lacks are not written. */
final class ChannelChanges {

    private ChannelChanges() {}

    static List<Change> of(ChannelModifyRequest request, ChannelData channel) {
        int type = request.type().orElse(channel.type());
        List<Change> changes = new ArrayList<>();
        ColumnChanges.addIfChanged(changes, "name", request.name(), channel.name(), String.class);
        ColumnChanges.addIfChanged(changes, "type", request.type(), channel.type(), Integer.class);
        ColumnChanges.addIfChanged(changes, "position", request.position(), channel.position(), Integer.class);
        ColumnChanges.addIfChanged(changes, "nsfw", request.nsfw(), channel.nsfw(), Boolean.class);
        ColumnChanges.addIfChanged(
                changes, "rate_limit_per_user", request.rateLimitPerUser(), channel.rateLimitPerUser(), Integer.class);
        ColumnChanges.addIfChanged(
                changes,
                "parent_id",
                request.parentId().map(id -> id.map(Snowflake::value)),
                value(channel.parentId(), Snowflake::value),
                Long.class);
        if (ChannelType.hasTopic(type)) {
            ColumnChanges.addIfChanged(
                    changes, "topic", request.topic(), Possible.valueOrNull(channel.topic()), String.class);
        }
        if (ChannelType.isVoice(type)) {
            ColumnChanges.addIfChanged(
                    changes, "bitrate", request.bitrate(), Possible.valueOrNull(channel.bitrate()), Integer.class);
            ColumnChanges.addIfChanged(
                    changes,
                    "user_limit",
                    request.userLimit(),
                    Possible.valueOrNull(channel.userLimit()),
                    Integer.class);
            ColumnChanges.addIfChanged(
                    changes,
                    "rtc_region",
                    request.rtcRegion(),
                    Possible.valueOrNull(channel.rtcRegion()),
                    String.class);
        }
        return changes;
    }

    private static <T, R> @Nullable R value(@Nullable T value, Function<T, R> read) {
        return value == null ? null : read.apply(value);
    }
}
