package dev.concord.social.family;

import static dev.concord.platform.events.EventTypes.CALL_CREATE;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_ADD;
import static dev.concord.platform.events.EventTypes.MESSAGE_CREATE;
import static dev.concord.platform.events.EventTypes.RELATIONSHIP_ADD;
import static dev.concord.platform.events.EventTypes.VOICE_STATE_UPDATE;

import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.ids.Snowflake;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

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
        JsonNode data = event.data();
        if (data == null) {
            return List.of();
        }
        return switch (event.type()) {
            case RELATIONSHIP_ADD -> friendAdded(event, data);
            case GUILD_MEMBER_ADD ->
                one(id(data.path("user").path("id")), ActionType.GUILD_JOINED, id(data.path("guild_id")));
            case MESSAGE_CREATE -> messaged(event, data);
            case CALL_CREATE -> called(event, data);
            case VOICE_STATE_UPDATE -> joinedCall(event, data);
            default -> List.of();
        };
    }

    private static List<Action> friendAdded(EventEnvelope event, JsonNode data) {
        if (data.path("type").asInt(-1) != 1 || recipients(event).size() != 1) {
            return List.of();
        }
        Snowflake friend = id(data.path("id"));
        return one(
                recipients(event).iterator().next(),
                ActionType.USER_ADDED,
                friend != null ? friend : id(data.path("user").path("id")));
    }

    private static List<Action> messaged(EventEnvelope event, JsonNode data) {
        // Webhook messages have an author that is no user: nothing a teen did.
        if (data.hasNonNull("webhook_id")) {
            return List.of();
        }
        Snowflake author = id(data.path("author").path("id"));
        Snowflake guild = id(data.path("guild_id"));
        if (guild != null) {
            return one(author, ActionType.GUILD_MESSAGED, guild);
        }
        return inPrivateChannel(author, ActionType.USER_MESSAGED, recipients(event), id(data.path("channel_id")));
    }

    private static List<Action> called(EventEnvelope event, JsonNode data) {
        if (id(data.path("guild_id")) != null) {
            return List.of();
        }
        Set<Snowflake> everyone = recipients(event);
        data.path("ringing").forEach(ringing -> add(everyone, id(ringing)));
        List<Action> actions = new ArrayList<>();
        for (JsonNode state : data.path("voice_states")) {
            actions.addAll(inPrivateChannel(
                    id(state.path("user_id")), ActionType.USER_CALLED, everyone, id(data.path("channel_id"))));
        }
        return actions;
    }

    private static List<Action> joinedCall(EventEnvelope event, JsonNode data) {
        Snowflake channel = id(data.path("channel_id"));
        if (id(data.path("guild_id")) != null || channel == null) {
            return List.of();
        }
        return inPrivateChannel(id(data.path("user_id")), ActionType.USER_CALLED, recipients(event), channel);
    }

    /** With one other user, that user; with several, the group DM itself, as the platform's entity types allow. */
    private static List<Action> inPrivateChannel(
            Snowflake user, ActionType type, Set<Snowflake> members, Snowflake channel) {
        Set<Snowflake> others = new LinkedHashSet<>(members);
        others.remove(user);
        if (others.size() == 1) {
            return one(user, type, others.iterator().next());
        }
        return others.isEmpty() ? List.of() : one(user, type, channel);
    }

    private static List<Action> one(Snowflake user, ActionType type, Snowflake entity) {
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

    private static void add(Set<Snowflake> users, Snowflake id) {
        if (id != null) {
            users.add(id);
        }
    }

    /** The id in {@code node}, or null when it is absent or not an id (an event we cannot read adds nothing). */
    static Snowflake id(JsonNode node) {
        if (node == null || !(node.isString() || node.isIntegralNumber())) {
            return null;
        }
        try {
            return Snowflake.parse(node.asString());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
