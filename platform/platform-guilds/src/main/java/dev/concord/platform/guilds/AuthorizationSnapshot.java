package dev.concord.platform.guilds;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.GuildRole;
import dev.concord.platform.permissions.Overwrite;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A guild's permission inputs other than its members, as {@code GET /internal/guilds/{guild.id}/
 * authorization-snapshot} answers them: the owner, the roles (@everyone among them) and each channel's
 * overwrites, by channel id.
 */
public record AuthorizationSnapshot(
        Snowflake guildId, long ownerId, List<GuildRole> roles, Map<Long, List<Overwrite>> channels) {

    public AuthorizationSnapshot {
        roles = List.copyOf(roles);
        channels = Map.copyOf(channels);
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
        return new AuthorizationSnapshot(guildId, PermissionInputs.id(body, "owner_id"), roleList, overwrites);
    }
}
