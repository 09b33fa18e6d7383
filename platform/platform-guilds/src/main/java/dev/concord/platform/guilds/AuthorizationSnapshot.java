package dev.concord.platform.guilds;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.GuildRole;
import dev.concord.platform.permissions.Overwrite;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * A guild's permission inputs other than its members, as {@code GET /internal/guilds/{guild.id}/
 * authorization-snapshot} answers them: the owner, the roles (@everyone among them) and each channel's
 * overwrites, by channel id; which roles anyone may mention; and the open threads' parents.
 *
 * @param mentionableRoleIds the roles whose mention in a message reaches their members whoever sends it
 *     (others only from those holding MENTION_EVERYONE)
 */
public record AuthorizationSnapshot(
        Snowflake guildId,
        long ownerId,
        List<GuildRole> roles,
        Map<Long, List<Overwrite>> channels,
        Set<Long> mentionableRoleIds,
        Map<Long, ThreadPlace> threads) {

    /**
     * An open thread of the guild: its parent channel, whose overwrites it takes, and whether it is private
     * (seen only by its members and thread managers, so its audiences need its members).
     */
    public record ThreadPlace(long parentId, boolean isPrivate) {

        static ThreadPlace read(JsonNode thread) {
            return new ThreadPlace(
                    PermissionInputs.id(thread, "parent_id"),
                    thread.path("type").asInt() == 12);
        }
    }

    public AuthorizationSnapshot {
        roles = List.copyOf(roles);
        channels = Map.copyOf(channels);
        mentionableRoleIds = Set.copyOf(mentionableRoleIds);
        threads = Map.copyOf(threads);
    }

    /** A snapshot in which no role is mentionable by anyone, of a guild without threads. */
    public AuthorizationSnapshot(
            Snowflake guildId, long ownerId, List<GuildRole> roles, Map<Long, List<Overwrite>> channels) {
        this(guildId, ownerId, roles, channels, Set.of(), Map.of());
    }

    /** The answer's body read; an {@link IllegalArgumentException} when a field is missing. */
    public static AuthorizationSnapshot read(Snowflake guildId, JsonNode body) {
        JsonNode roles = body.path("roles");
        JsonNode channels = body.path("channels");
        if (!roles.isArray() || !channels.isArray()) {
            throw new IllegalArgumentException("a snapshot without roles or channels");
        }
        List<GuildRole> roleList =
                roles.valueStream().map(PermissionInputs::role).toList();
        Map<Long, List<Overwrite>> overwrites = new HashMap<>(channels.size() * 2);
        for (JsonNode channel : channels) {
            overwrites.put(PermissionInputs.id(channel, "id"), PermissionInputs.overwrites(channel));
        }
        // Absent from an older guild-service: no role mentionable, the stricter reading.
        Set<Long> mentionable = new HashSet<>();
        for (JsonNode role : roles) {
            if (role.path("mentionable").asBoolean(false)) {
                mentionable.add(PermissionInputs.id(role, "id"));
            }
        }
        // Absent from an older guild-service: no threads, each then found by asking again.
        Map<Long, ThreadPlace> threads = new HashMap<>();
        for (JsonNode thread : body.path("threads")) {
            threads.put(PermissionInputs.id(thread, "id"), ThreadPlace.read(thread));
        }
        return new AuthorizationSnapshot(
                guildId, PermissionInputs.id(body, "owner_id"), roleList, overwrites, mentionable, threads);
    }
}
