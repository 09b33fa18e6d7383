package dev.concord.guild.roles;

import dev.concord.guild.access.GuildAccess;
import dev.concord.guild.access.RoleData;
import dev.concord.platform.ids.Snowflake;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The subscriber role the platform manages for a streaming integration: named as the account, without
 * permissions of its own, its tags naming the integration. Syncs hand it out; nobody else may, and it goes
 * with the integration. Callers own the transaction and hold the guild's row.
 */
@Component
public final class IntegrationRoles {

    private final RoleWrites writes;
    private final JsonMapper mapper;

    IntegrationRoles(RoleWrites writes, JsonMapper mapper) {
        this.writes = writes;
        this.mapper = mapper;
    }

    /**
     * The integration's new role in the guild {@code access} was read from: GUILD_ROLE_CREATE. The account's
     * name comes from the provider, so it is cut to a role name's 100 characters.
     */
    public Mono<RoleData> create(GuildAccess access, Snowflake roleId, Snowflake integrationId, String name) {
        ObjectNode tags = mapper.createObjectNode().put("integration_id", integrationId.asString());
        return writes.insert(
                access, new RoleStore.NewRole(roleId, roleName(name), 0, 0, false, null, null, 1, false, tags));
    }

    /** At most a role name's length in code points, never splitting a surrogate pair. */
    static String roleName(String name) {
        if (name.codePointCount(0, name.length()) <= RoleRequest.MAX_NAME) {
            return name;
        }
        return name.substring(0, name.offsetByCodePoints(0, RoleRequest.MAX_NAME));
    }

    /** The integration went: its role goes as any deleted role does (members lose it, GUILD_ROLE_DELETE). */
    public Mono<Void> delete(Snowflake guildId, Snowflake roleId) {
        return writes.remove(guildId, roleId);
    }
}
