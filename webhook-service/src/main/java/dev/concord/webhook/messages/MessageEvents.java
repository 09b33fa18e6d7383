package dev.concord.webhook.messages;

import static dev.concord.platform.events.EventTypes.MESSAGE_CREATE;
import static dev.concord.platform.events.EventTypes.MESSAGE_DELETE;
import static dev.concord.platform.events.EventTypes.MESSAGE_DELETE_BULK;
import static dev.concord.platform.events.EventTypes.MESSAGE_UPDATE;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.guilds.ChannelDirectory.ChannelPlace;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * Message events on {@code webhook.events}, keyed by channel id so one channel's events stay in order:
 * in a guild to those who may view the channel (with {@code guild_id}), in a DM to its recipients.
 */
final class MessageEvents {

    private MessageEvents() {}

    /**
     * MESSAGE_CREATE: the message as read, with its nonce (and in a guild {@code guild_id}, its author's
     * {@code member} and each mentioned member's).
     */
    static DomainEvent created(ChannelPlace place, MessageData message, EventMembers members) {
        return new DomainEvent(
                MESSAGE_CREATE, place.id().asString(), audience(place), dispatched(place, message, members));
    }

    /** MESSAGE_CREATE of an ephemeral message: only to the one person who sees it. */
    static DomainEvent createdFor(Snowflake userId, ChannelPlace place, MessageData message, EventMembers members) {
        return new DomainEvent(
                MESSAGE_CREATE, place.id().asString(), Audience.users(userId), dispatched(place, message, members));
    }

    /** MESSAGE_UPDATE: the whole message after the edit. */
    static DomainEvent updated(ChannelPlace place, MessageData message, EventMembers members) {
        return new DomainEvent(
                MESSAGE_UPDATE, place.id().asString(), audience(place), dispatched(place, message, members));
    }

    static DomainEvent deleted(ChannelPlace place, Snowflake messageId) {
        Map<String, Object> data = ids(place);
        data.put("id", messageId);
        return new DomainEvent(MESSAGE_DELETE, place.id().asString(), audience(place), data);
    }

    static DomainEvent deletedBulk(ChannelPlace place, List<Snowflake> messageIds) {
        Map<String, Object> data = ids(place);
        data.put("ids", messageIds);
        return new DomainEvent(MESSAGE_DELETE_BULK, place.id().asString(), audience(place), data);
    }

    private static Audience audience(ChannelPlace place) {
        Snowflake guildId = place.guildId();
        return guildId == null ? Audience.users(place.recipientIds()) : Audience.channel(guildId, place.id());
    }

    private static Map<String, Object> ids(ChannelPlace place) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("channel_id", place.id());
        if (place.guildId() != null) {
            data.put("guild_id", place.guildId());
        }
        return data;
    }

    /**
     * The message as the gateway sends it: in a guild with {@code guild_id}, its author's {@code member} and
     * each mentioned user's {@code member} (clients take members from it where they keep no member list,
     * as in large guilds).
     */
    record Dispatched(
            @JsonUnwrapped @JsonIgnoreProperties("mentions") MessageData message,
            List<MentionedUser> mentions,

            @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable
            Snowflake guildId,

            @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable
            JsonNode member) {}

    /** A mentioned user and, in a guild, their member object without its user (none for a non-member). */
    record MentionedUser(
            @JsonUnwrapped PartialUser user,

            @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable
            JsonNode member) {}

    /** The members a message's event carries: its author's and the mentioned users'; none in a DM. */
    record EventMembers(Optional<JsonNode> author, Map<Snowflake, JsonNode> mentioned) {

        static final EventMembers NONE = new EventMembers(Optional.empty(), Map.of());
    }

    private static Dispatched dispatched(ChannelPlace place, MessageData message, EventMembers members) {
        List<MentionedUser> mentions = message.mentions().stream()
                .map(user -> new MentionedUser(user, members.mentioned().get(user.id())))
                .toList();
        return new Dispatched(
                message, mentions, place.guildId(), members.author().orElse(null));
    }
}
