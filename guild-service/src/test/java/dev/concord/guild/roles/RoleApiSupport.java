package dev.concord.guild.roles;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import java.util.List;
import java.util.stream.StreamSupport;
import tools.jackson.databind.JsonNode;

/** Guild roles through HTTP: a guild of a test's own, calls as a user, the stored rows and GUILD_ROLE_* events. */
abstract class RoleApiSupport extends GuildApiSupport {

    static final long MANAGE_ROLES = Permission.MANAGE_ROLES.bit();

    record Guild(String id, Snowflake owner) {
        String roles() {
            return "/guilds/" + id + "/roles";
        }

        String role(Object roleId) {
            return roles() + "/" + roleId;
        }
    }

    Guild newGuild() {
        Snowflake owner = newUser("owner");
        return new Guild(
                createGuild(owner, "{\"name\": \"Roles\"}").body().get("id").asString(), owner);
    }

    JsonNode awaitRoleEvent(String type, String roleId) {
        return awaitEvent(e -> e.path("type").asString().equals(type)
                && (e.path("data").path("role").path("id").asString().equals(roleId)
                        || e.path("data").path("role_id").asString().equals(roleId)));
    }

    long storedPermissions(String roleId) {
        return count("SELECT permissions FROM roles WHERE id = :id", Snowflake.parse(roleId));
    }

    static List<String> ids(JsonNode roles) {
        return StreamSupport.stream(roles.spliterator(), false)
                .map(r -> r.get("id").asString())
                .toList();
    }
}
