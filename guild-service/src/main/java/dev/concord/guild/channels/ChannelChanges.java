package dev.concord.guild.channels;

import dev.concord.guild.ColumnChanges;
import dev.concord.guild.ColumnChanges.Change;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import io.r2dbc.postgresql.codec.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/** The columns a validated channel PATCH changes; fields a channel type lacks are not written. */
final class ChannelChanges {

    private ChannelChanges() {}

    /** @param tags the tags the request asks for with their ids, when it sent {@code available_tags} */
    static List<Change> of(ChannelModifyRequest request, ChannelData channel, @Nullable List<ForumTag> tags) {
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
        if (ChannelType.isThreadOnly(type)) {
            forum(changes, request, channel, tags, type);
        }
        return changes;
    }

    /** Null sent for a forum field sets its default, as on creation. */
    private static void forum(
            List<Change> changes,
            ChannelModifyRequest request,
            ChannelData channel,
            @Nullable List<ForumTag> tags,
            int type) {
        if (tags != null && !tags.equals(channel.availableTags().orElse(List.of()))) {
            changes.add(new Change("available_tags", ChannelStore.tagsJson(tags), Json.class));
        }
        ColumnChanges.addIfChanged(
                changes,
                "default_sort_order",
                request.defaultSortOrder(),
                Possible.valueOrNull(channel.defaultSortOrder()),
                Integer.class);
        if (type == ChannelType.FORUM) {
            ColumnChanges.addIfChanged(
                    changes,
                    "default_forum_layout",
                    request.defaultForumLayout().map(layout -> layout.orElse(0)),
                    channel.defaultForumLayout().orElse(0),
                    Integer.class);
        }
        if (request.defaultReactionEmoji().isPresent()) {
            DefaultReaction emoji = request.defaultReactionEmoji().get().orElse(null);
            DefaultReaction current = Possible.valueOrNull(channel.defaultReactionEmoji());
            if (!Objects.equals(emoji, current)) {
                changes.add(new Change(
                        "default_reaction_emoji_id",
                        emoji == null || emoji.emojiId() == null
                                ? null
                                : emoji.emojiId().value(),
                        Long.class));
                changes.add(new Change(
                        "default_reaction_emoji_name", emoji == null ? null : emoji.emojiName(), String.class));
            }
        }
        ColumnChanges.addIfChanged(
                changes,
                "default_thread_rate_limit_per_user",
                request.defaultThreadRateLimitPerUser().map(slowmode -> slowmode.orElse(0)),
                channel.defaultThreadRateLimitPerUser().orElse(0),
                Integer.class);
    }

    private static <T, R> @Nullable R value(@Nullable T value, Function<T, R> read) {
        return value == null ? null : read.apply(value);
    }
}
