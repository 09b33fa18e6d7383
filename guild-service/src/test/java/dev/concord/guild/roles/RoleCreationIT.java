package dev.concord.guild.roles;

import static dev.concord.platform.events.EventTypes.GUILD_ROLE_CREATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Creating and reading roles: who may, what is refused field by field, the guild's limits. */
class RoleCreationIT extends RoleApiSupport {

    @Test
    void managersCreateRolesJustAboveEveryoneAndMembersHearOfIt() {
        Guild guild = newGuild();

        Response made = as(
                guild.owner(),
                HttpMethod.POST,
                guild.roles(),
                "{\"name\": \" Moderators \", \"permissions\": \"1099511627776\", \"color\": 3447003, \"hoist\": true, \"mentionable\": true}");
        Response defaults = as(guild.owner(), HttpMethod.POST, guild.roles(), "{}");

        assertThat(made.status()).isEqualTo(200);
        JsonNode role = made.body();
        assertThat(role.get("name").asString()).isEqualTo("Moderators");
        assertThat(role.get("permissions").asString())
                .as("bit 40, MODERATE_MEMBERS, as a string")
                .isEqualTo("1099511627776");
        assertThat(role.get("color").asInt()).isEqualTo(3447003);
        assertThat(role.get("colors").get("primary_color").asInt()).isEqualTo(3447003);
        assertThat(role.get("position").asInt()).isEqualTo(1);
        assertThat(role.get("hoist").asBoolean()).isTrue();
        assertThat(role.get("managed").asBoolean()).isFalse();
        assertThat(role.has("tags")).isFalse();
        assertThat(storedPermissions(role.get("id").asString())).isEqualTo(Permission.MODERATE_MEMBERS.bit());
        JsonNode event = awaitRoleEvent(GUILD_ROLE_CREATE, role.get("id").asString());
        assertThat(event.get("audience")).isEqualTo(json("{\"guild_id\": \"" + guild.id() + "\"}"));
        assertThat(event.get("data")).isEqualTo(json("{\"guild_id\": \"" + guild.id() + "\", \"role\": " + role + "}"));

        JsonNode everyone = get(guild.owner(), guild.role(guild.id())).body();
        assertThat(defaults.body().get("name").asString()).isEqualTo("new role");
        assertThat(defaults.body().get("permissions")).isEqualTo(everyone.get("permissions"));
        JsonNode listed = get(guild.owner(), guild.roles()).body();
        assertThat(ids(listed))
                .as("bottom first: the newest role at position 1, the older one moved up (RolePositionsIT)")
                .containsExactly(
                        guild.id(),
                        defaults.body().get("id").asString(),
                        role.get("id").asString());
    }

    @Test
    void membersReadRolesAndStrangersCannot() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        Snowflake stranger = newUser("stranger");
        addMember(guild.id(), member);

        assertThat(get(member, guild.roles()).body()).hasSize(1);
        assertThat(get(member, guild.role(guild.id())).body().get("name").asString())
                .isEqualTo("@everyone");
        assertThat(get(member, guild.role(42)).body())
                .isEqualTo(json("{\"message\": \"Unknown Role\", \"code\": 10011}"));
        assertThat(get(stranger, guild.roles()).body())
                .isEqualTo(json("{\"message\": \"Missing Access\", \"code\": 50001}"));
        assertThat(call(HttpMethod.GET, guild.roles(), null, null).status()).isEqualTo(401);
        assertThat(call(HttpMethod.POST, guild.roles(), null, "{}").status()).isEqualTo(401);
        assertThat(call(HttpMethod.GET, guild.roles(), botToken(member), null).status())
                .isEqualTo(200);
        assertThat(call(HttpMethod.GET, "/guilds/nope/roles", userToken(member), null)
                        .body()
                        .get("errors")
                        .has("guild_id"))
                .isTrue();
    }

    @Test
    void onlyManagersMakeRolesAndOnlyWithPermissionsTheyHold() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        Snowflake manager = newUser("manager");
        addMember(guild.id(), member);
        long managers = addRole(guild.id(), 5, MANAGE_ROLES | Permission.KICK_MEMBERS.bit());
        addMember(guild.id(), manager, managers);

        Response plain = as(member, HttpMethod.POST, guild.roles(), "{\"name\": \"mine\"}");
        Response escalating = as(manager, HttpMethod.POST, guild.roles(), "{\"permissions\": \"8\"}");
        Response within = as(manager, HttpMethod.POST, guild.roles(), "{\"permissions\": \"2\"}");

        assertThat(plain.body()).isEqualTo(json("{\"message\": \"Missing Permissions\", \"code\": 50013}"));
        assertThat(escalating.status()).isEqualTo(403);
        assertThat(within.status()).isEqualTo(200);
        assertThat(within.body().get("permissions").asString()).isEqualTo("2");
        assertThat(count("SELECT count(*) FROM roles WHERE guild_id = :id", Snowflake.parse(guild.id())))
                .isEqualTo(3);
    }

    @Test
    void badRolesAreRefusedFieldByFieldAndNothingIsStored() {
        Guild guild = newGuild();
        String[][] cases = {
            {"{\"name\": \"" + "n".repeat(101) + "\"}", "name"},
            {"{\"name\": \"\"}", "name"},
            {"{\"name\": \"   \"}", "name"},
            {"{\"permissions\": \"lots\"}", "permissions"},
            {"{\"permissions\": \"-1\"}", "permissions"},
            {"{\"color\": 16777216}", "color"},
            {"{\"color\": -1}", "color"},
            {"{\"colors\": {\"primary_color\": 1, \"secondary_color\": 2}}", "colors"},
            {"{\"icon\": \"not an image\"}", "icon"},
            {"{\"icon\": \"data:image/png;base64,iVBORw0KGgo=\"}", "icon"},
            {"{\"unicode_emoji\": \"\\ud83d\\udd25\"}", "unicode_emoji"},
            {"{\"hoist\": \"yes\"}", "hoist"}
        };
        for (String[] c : cases) {
            Response response = as(guild.owner(), HttpMethod.POST, guild.roles(), c[0]);
            assertThat(response.status()).as(c[0]).isEqualTo(400);
            assertThat(response.body().get("code").asInt()).as(c[0]).isEqualTo(50035);
            assertThat(response.body().get("errors").has(c[1]))
                    .as(c[0] + " " + response.body())
                    .isTrue();
        }
        assertThat(count("SELECT count(*) FROM roles WHERE guild_id = :id", Snowflake.parse(guild.id())))
                .isEqualTo(1);
    }

    @Test
    void roleIconsNeedTheGuildFeature() {
        Guild guild = newGuild();
        db.sql("UPDATE guilds SET features = '{ROLE_ICONS}' WHERE id = :id")
                .bind("id", Long.parseLong(guild.id()))
                .then()
                .block(Duration.ofSeconds(5));

        Response made = as(
                guild.owner(),
                HttpMethod.POST,
                guild.roles(),
                "{\"icon\": \"data:image/png;base64,iVBORw0KGgo=\", \"unicode_emoji\": \"\\ud83d\\udd25\"}");

        assertThat(made.status()).isEqualTo(200);
        assertThat(made.body().get("icon").asString()).hasSize(32);
        assertThat(made.body().get("unicode_emoji").asString()).isEqualTo("\ud83d\udd25");
    }

    @Test
    void aGuildHoldsAtMost250Roles() {
        Guild guild = newGuild();
        db.sql("""
                        INSERT INTO roles (id, guild_id, name, position)
                        SELECT 9000000000000000000 + (:guild % 1000000000) * 1000 + n, :guild, 'filler', 1
                        FROM generate_series(1, 249) AS n""").bind("guild", Long.parseLong(guild.id())).then().block(Duration.ofSeconds(5));

        Response refused = as(guild.owner(), HttpMethod.POST, guild.roles(), "{}");

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body())
                .isEqualTo(json("{\"message\": \"Maximum number of guild roles reached (250)\", \"code\": 30005}"));
        assertThat(count("SELECT count(*) FROM roles WHERE guild_id = :id", Snowflake.parse(guild.id())))
                .isEqualTo(250);
    }
}
