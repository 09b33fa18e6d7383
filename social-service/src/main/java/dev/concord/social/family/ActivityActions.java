package dev.concord.social.family;

import static dev.concord.platform.events.EventTypes.CALL_CREATE;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_ADD;
import static dev.concord.platform.events.EventTypes.MESSAGE_CREATE;
import static dev.concord.platform.events.EventTypes.RELATIONSHIP_ADD;
import static dev.concord.platform.events.EventTypes.VOICE_STATE_UPDATE;

import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.events.EventPayloads;
import dev.concord.platform.events.payload.CallPayload;
import dev.concord.platform.events.payload.GuildMemberPayload;
import dev.concord.platform.events.payload.MessagePayload;
import dev.concord.platform.events.payload.RelationshipPayload;
import dev.concord.platform.events.payload.VoiceStatePayload;
import dev.concord.platform.ids.Snowflake;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Reads what a teen did out of other services' events. Only ids are read: a message's content, a guild's
 * channels or a call's region never leave the event. Whether the user is a connected teen is decided when
 * the actions are stored, not here.
 *
 * <ul>
 *   <li>1, friend added: {@code RELATIONSHIP_ADD} of type 1 (FRIEND), for the user in its audience;
 *   <li>2, guild joined: {@code GUILD_MEMBER_ADD}, {@code data.user.id} joined {@code data.guild_id};
 *   <li>3 and 4, messaged: {@code MESSAGE_CREATE} by {@code data.author.id}: in a guild, the guild; in a DM,
 *       the other recipient (the event's audience); in a group DM, the group DM channel;
 *   <li>5, called: in a DM or group DM (no {@code guild_id}), {@code CALL_CREATE} for the users already in
 *       the call ({@code voice_states}), and {@code VOICE_STATE_UPDATE} for the user joining it; the
 *       entity chosen as for messages.
 * </ul>
 */
final class ActivityActions {

    /** One action of {@code user}. */
    record Action(Snowflake user, ActionType type, Snowflake entity) {}

    private ActivityActions() {}

    static List<Action> of(EventEnvelope event) {
        return switch (event.type()) {
            case RELATIONSHIP_ADD ->
                read(event, RelationshipPayload.class, relationship -> friendAdded(event, relationship));
            case GUILD_MEMBER_ADD ->
                read(
                        event,
                        GuildMemberPayload.class,
                        member -> one(member.userId(), ActionType.GUILD_JOINED, member.guildId()));
            case MESSAGE_CREATE -> read(event, MessagePayload.class, message -> messaged(event, message));
            case CALL_CREATE -> read(event, CallPayload.class, call -> called(event, call));
            case VOICE_STATE_UPDATE -> read(event, VoiceStatePayload.class, state -> joinedCall(event, state));
            default -> List.of();
        };
    }

    /** The actions in the event's data read as {@code type}; none when it cannot be read so. */
    private static <T> List<Action> read(EventEnvelope event, Class<T> type, Function<T, List<Action>> actions) {
        return EventPayloads.read(event, type).map(actions).orElse(List.of());
    }

    private static List<Action> friendAdded(EventEnvelope event, RelationshipPayload relationship) {
        if (!Integer.valueOf(1).equals(relationship.type()) || recipients(event).size() != 1) {
            return List.of();
        }
        return one(recipients(event).iterator().next(), ActionType.USER_ADDED, relationship.otherUserId());
    }

    private static List<Action> messaged(EventEnvelope event, MessagePayload message) {
        // Webhook messages have an author that is no user: nothing a teen did.
        if (message.webhookId() != null) {
            return List.of();
        }
        if (message.guildId() != null) {
            return one(message.authorId(), ActionType.GUILD_MESSAGED, message.guildId());
        }
        return inPrivateChannel(message.authorId(), ActionType.USER_MESSAGED, recipients(event), message.channelId());
    }

    private static List<Action> called(EventEnvelope event, CallPayload call) {
        if (call.guildId() != null) {
            return List.of();
        }
        Set<Snowflake> everyone = recipients(event);
        call.ringing().forEach(ringing -> add(everyone, ringing));
        List<Action> actions = new ArrayList<>();
        for (VoiceStatePayload state : call.voiceStates()) {
            if (state != null) {
                actions.addAll(inPrivateChannel(state.userId(), ActionType.USER_CALLED, everyone, call.channelId()));
            }
        }
        return actions;
    }

    private static List<Action> joinedCall(EventEnvelope event, VoiceStatePayload state) {
        if (state.guildId() != null || state.channelId() == null) {
            return List.of();
        }
        return inPrivateChannel(state.userId(), ActionType.USER_CALLED, recipients(event), state.channelId());
    }

    /** With one other user, that user; with several, the group DM itself, as the platform's entity types allow. */
    private static List<Action> inPrivateChannel(
            @Nullable Snowflake user, ActionType type, Set<Snowflake> members, @Nullable Snowflake channel) {
        Set<Snowflake> others = new LinkedHashSet<>(members);
        others.remove(user);
        if (others.size() == 1) {
            return one(user, type, others.iterator().next());
        }
        return others.isEmpty() ? List.of() : one(user, type, channel);
    }

    private static List<Action> one(@Nullable Snowflake user, ActionType type, @Nullable Snowflake entity) {
        return user == null || entity == null || user.equals(entity)
                ? List.of()
                : List.of(new Action(user, type, entity));
    }

    private static Set<Snowflake> recipients(EventEnvelope event) {
        Set<Snowflake> users = new LinkedHashSet<>();
        if (event.audience() != null && event.audience().userIds() != null) {
            users.addAll(event.audience().userIds());
        }
        return users;
    }

    private static void add(Set<Snowflake> users, @Nullable Snowflake id) {
        if (id != null) {
            users.add(id);
        }
    }
}
