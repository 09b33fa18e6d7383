package dev.concord.webhook.messages;

import static dev.concord.platform.events.EventTypes.MESSAGE_REACTION_ADD;
import static dev.concord.platform.events.EventTypes.MESSAGE_REACTION_REMOVE;
import static dev.concord.platform.events.EventTypes.MESSAGE_REACTION_REMOVE_ALL;
import static dev.concord.platform.events.EventTypes.MESSAGE_REACTION_REMOVE_EMOJI;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.guilds.ChannelDirectory.ChannelPlace;
import dev.concord.platform.ids.Snowflake;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * Reaction events on {@code webhook.events}, keyed by channel id like the message's own events and sent to
 * the same audience: in a guild those who may view the channel, in a DM its recipients. No burst reactions
 * on this platform: {@code burst} is false and {@code type} 0 (normal).
 */
final class ReactionEvents {

    private ReactionEvents() {}

    /** MESSAGE_REACTION_ADD: who, on what, with the reactor's {@code member} (with its user) in a guild. */
    static DomainEvent added(
            ChannelPlace place,
            Snowflake messageId,
            Snowflake messageAuthorId,
            Snowflake userId,
            ReactionView.EmojiView emoji,
            @Nullable JsonNode member) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("user_id", userId);
        data.put("channel_id", place.id());
        data.put("message_id", messageId);
        if (place.guildId() != null) {
            data.put("guild_id", place.guildId());
            if (member != null) {
                data.put("member", member);
            }
        }
        data.put("emoji", emoji);
        data.put("message_author_id", messageAuthorId);
        data.put("burst", false);
        data.put("type", 0);
        return event(MESSAGE_REACTION_ADD, place, data);
    }

    /** MESSAGE_REACTION_REMOVE: one person's reaction taken off. */
    static DomainEvent removed(
            ChannelPlace place, Snowflake messageId, Snowflake userId, ReactionView.EmojiView emoji) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("user_id", userId);
        data.put("channel_id", place.id());
        data.put("message_id", messageId);
        if (place.guildId() != null) {
            data.put("guild_id", place.guildId());
        }
        data.put("emoji", emoji);
        data.put("burst", false);
        data.put("type", 0);
        return event(MESSAGE_REACTION_REMOVE, place, data);
    }

    /** MESSAGE_REACTION_REMOVE_ALL: every reaction of the message. */
    static DomainEvent removedAll(ChannelPlace place, Snowflake messageId) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("channel_id", place.id());
        data.put("message_id", messageId);
        if (place.guildId() != null) {
            data.put("guild_id", place.guildId());
        }
        return event(MESSAGE_REACTION_REMOVE_ALL, place, data);
    }

    /** MESSAGE_REACTION_REMOVE_EMOJI: every reaction of one emoji. */
    static DomainEvent removedEmoji(ChannelPlace place, Snowflake messageId, ReactionView.EmojiView emoji) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("channel_id", place.id());
        if (place.guildId() != null) {
            data.put("guild_id", place.guildId());
        }
        data.put("message_id", messageId);
        data.put("emoji", emoji);
        return event(MESSAGE_REACTION_REMOVE_EMOJI, place, data);
    }

    private static DomainEvent event(String type, ChannelPlace place, Map<String, Object> data) {
        Snowflake guildId = place.guildId();
        Audience audience =
                guildId == null ? Audience.users(place.recipientIds()) : Audience.channel(guildId, place.id());
        return new DomainEvent(type, place.id().asString(), audience, data);
    }
}
