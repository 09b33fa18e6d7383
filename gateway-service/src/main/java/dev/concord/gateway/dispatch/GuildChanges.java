package dev.concord.gateway.dispatch;

import static dev.concord.platform.events.EventTypes.CHANNEL_CREATE;
import static dev.concord.platform.events.EventTypes.CHANNEL_DELETE;
import static dev.concord.platform.events.EventTypes.CHANNEL_UPDATE;
import static dev.concord.platform.events.EventTypes.GUILD_CREATE;
import static dev.concord.platform.events.EventTypes.GUILD_DELETE;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_ADD;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_REMOVE;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_UPDATE;
import static dev.concord.platform.events.EventTypes.GUILD_ROLE_CREATE;
import static dev.concord.platform.events.EventTypes.GUILD_ROLE_DELETE;
import static dev.concord.platform.events.EventTypes.GUILD_ROLE_UPDATE;
import static dev.concord.platform.events.EventTypes.GUILD_UPDATE;
import static dev.concord.platform.events.EventTypes.THREAD_CREATE;
import static dev.concord.platform.events.EventTypes.THREAD_DELETE;
import static dev.concord.platform.events.EventTypes.THREAD_MEMBERS_UPDATE;
import static dev.concord.platform.events.EventTypes.THREAD_UPDATE;

import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.guilds.AuthorizationSnapshot.ThreadPlace;
import dev.concord.platform.guilds.GuildEvents;
import dev.concord.platform.guilds.PermissionInputs;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.GuildRole;
import dev.concord.platform.permissions.Overwrite;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * Applies guild-service's events to what this instance holds of its guilds and members, each as the
 * new state of one thing (docs/events.md). A payload that lacks what the change needs is never guessed
 * at: the guild or the member it is about is dropped and fetched again when next needed.
 */
final class GuildChanges {

    private static final Logger log = LoggerFactory.getLogger(GuildChanges.class);

    /** The events that change a guild's permission inputs, its threads or its members. */
    static final Set<String> TYPES = Set.of(
            GUILD_CREATE,
            GUILD_UPDATE,
            GUILD_DELETE,
            GUILD_ROLE_CREATE,
            GUILD_ROLE_UPDATE,
            GUILD_ROLE_DELETE,
            GUILD_MEMBER_ADD,
            GUILD_MEMBER_UPDATE,
            GUILD_MEMBER_REMOVE,
            CHANNEL_CREATE,
            CHANNEL_UPDATE,
            CHANNEL_DELETE,
            THREAD_CREATE,
            THREAD_UPDATE,
            THREAD_DELETE,
            // A private thread's members are its audience: guild-service's cached answers about it change.
            THREAD_MEMBERS_UPDATE);

    private final LocalGuilds guilds;
    private final ConnectedMembers members;

    GuildChanges(LocalGuilds guilds, ConnectedMembers members) {
        this.guilds = guilds;
        this.members = members;
    }

    void apply(EventEnvelope event) {
        String type = event.type();
        JsonNode data = event.data();
        Snowflake guildId = GuildEvents.guildOf(event);
        if (type == null || data == null || guildId == null) {
            return;
        }
        switch (type) {
            case GUILD_UPDATE ->
                guild(event, guildId, () -> {
                    long owner = PermissionInputs.id(data, "owner_id");
                    return guild -> guild.owner(owner);
                });
            case GUILD_ROLE_CREATE, GUILD_ROLE_UPDATE ->
                guild(event, guildId, () -> {
                    GuildRole role = PermissionInputs.role(data.path("role"));
                    return guild -> guild.putRole(role);
                });
            case GUILD_ROLE_DELETE ->
                guild(event, guildId, () -> {
                    long roleId = PermissionInputs.id(data, "role_id");
                    return guild -> guild.removeRole(roleId);
                });
            case CHANNEL_CREATE, CHANNEL_UPDATE ->
                guild(event, guildId, () -> {
                    long channelId = PermissionInputs.id(data, "id");
                    List<Overwrite> overwrites = PermissionInputs.overwrites(data);
                    return guild -> guild.putChannel(channelId, overwrites);
                });
            case CHANNEL_DELETE ->
                guild(event, guildId, () -> {
                    long channelId = PermissionInputs.id(data, "id");
                    return guild -> guild.removeChannel(channelId);
                });
            case THREAD_CREATE, THREAD_UPDATE ->
                guild(event, guildId, () -> {
                    long threadId = PermissionInputs.id(data, "id");
                    ThreadPlace place = new ThreadPlace(
                            PermissionInputs.id(data, "parent_id"),
                            data.path("type").asInt() == 12);
                    return guild -> guild.putThread(threadId, place);
                });
            case THREAD_DELETE ->
                guild(event, guildId, () -> {
                    long threadId = PermissionInputs.id(data, "id");
                    return guild -> guild.removeThread(threadId);
                });
            case GUILD_MEMBER_ADD, GUILD_MEMBER_UPDATE -> member(event, guildId, data);
            case GUILD_MEMBER_REMOVE -> {
                Snowflake userId = userOf(data);
                if (userId != null) {
                    members.remove(guildId, userId);
                }
            }
            case GUILD_CREATE -> joined(event, guildId, data);
            case GUILD_DELETE -> left(event, guildId, data);
            default -> {
                // Not a change to what permissions are computed from.
            }
        }
    }

    /** A change read from the payload before anything is changed, so a bad payload changes nothing. */
    private interface GuildChange {
        Consumer<LocalGuild> read();
    }

    private void guild(EventEnvelope event, Snowflake guildId, GuildChange change) {
        Consumer<LocalGuild> read;
        try {
            read = change.read();
        } catch (IllegalArgumentException unreadable) {
            log.debug(
                    "event {} ({}) not understood ({}); guild {} fetched again",
                    event.id(),
                    event.type(),
                    unreadable.getMessage(),
                    guildId);
            guilds.drop(guildId);
            return;
        }
        guilds.apply(guildId, read);
    }

    private void member(EventEnvelope event, Snowflake guildId, JsonNode member) {
        Snowflake userId = userOf(member);
        if (userId == null) {
            log.warn("event {} ({}) names no user; guild {} is left as it was", event.id(), event.type(), guildId);
            return;
        }
        try {
            members.upsert(guildId, PermissionInputs.member(member));
        } catch (IllegalArgumentException unreadable) {
            log.debug(
                    "event {} ({}) not understood ({}); user {} fetched again",
                    event.id(),
                    event.type(),
                    unreadable.getMessage(),
                    userId);
            members.reload(userId);
        }
    }

    /** GUILD_CREATE goes to the member who now has the guild, and carries their own member. */
    private void joined(EventEnvelope event, Snowflake guildId, JsonNode guild) {
        JsonNode own = guild.path("members");
        if (!own.isArray() || own.isEmpty()) {
            audience(event).forEach(members::reload);
            return;
        }
        own.forEach(member -> member(event, guildId, member));
    }

    /** GUILD_DELETE goes to those who lost the guild; one that is only unavailable is still theirs. */
    private void left(EventEnvelope event, Snowflake guildId, JsonNode guild) {
        if (guild.path("unavailable").asBoolean(false)) {
            return;
        }
        audience(event).forEach(userId -> members.remove(guildId, userId));
    }

    private static List<Snowflake> audience(EventEnvelope event) {
        return event.audience() == null || event.audience().userIds() == null
                ? List.of()
                : event.audience().userIds();
    }

    private static @Nullable Snowflake userOf(JsonNode member) {
        try {
            return Snowflake.of(PermissionInputs.id(member.path("user"), "id"));
        } catch (IllegalArgumentException none) {
            return null;
        }
    }
}
