package dev.concord.webhook.messages;

import static dev.concord.platform.events.EventTypes.MESSAGE_CREATE;
import static dev.concord.platform.events.EventTypes.MESSAGE_DELETE;
import static dev.concord.platform.events.EventTypes.MESSAGE_DELETE_BULK;
import static dev.concord.platform.events.EventTypes.MESSAGE_UPDATE;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.ids.Snowflake;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Message events on {@code webhook.events}, keyed by channel id so one channel's events stay in order,
 * to those who may view the channel.
 */
final class MessageEvents {

    private MessageEvents() {}

    /** MESSAGE_CREATE: the message as read, with its nonce and {@code guild_id}. */
    static DomainEvent created(JsonMapper mapper, Snowflake guildId, MessageData message) {
        return new DomainEvent(
                MESSAGE_CREATE,
                message.channelId().asString(),
                Audience.channel(guildId, message.channelId()),
                withGuild(mapper, guildId, message));
    }

    /** MESSAGE_UPDATE: the whole message after the edit, with {@code guild_id}. */
    static DomainEvent updated(JsonMapper mapper, Snowflake guildId, MessageData message) {
        return new DomainEvent(
                MESSAGE_UPDATE,
                message.channelId().asString(),
                Audience.channel(guildId, message.channelId()),
                withGuild(mapper, guildId, message));
    }

    static DomainEvent deleted(Snowflake guildId, Snowflake channelId, Snowflake messageId) {
        return new DomainEvent(
                MESSAGE_DELETE,
                channelId.asString(),
                Audience.channel(guildId, channelId),
                Map.of("id", messageId, "channel_id", channelId, "guild_id", guildId));
    }

    static DomainEvent deletedBulk(Snowflake guildId, Snowflake channelId, List<Snowflake> messageIds) {
        return new DomainEvent(
                MESSAGE_DELETE_BULK,
                channelId.asString(),
                Audience.channel(guildId, channelId),
                Map.of("ids", messageIds, "channel_id", channelId, "guild_id", guildId));
    }

    private static ObjectNode withGuild(JsonMapper mapper, Snowflake guildId, MessageData message) {
        ObjectNode data = mapper.valueToTree(message);
        data.put("guild_id", guildId.asString());
        return data;
    }
}
