package dev.concord.guild.roles;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Duration;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Guild roles through HTTP: bodies, hierarchy, stored rows and GUILD_ROLE_* events. */
class RoleApiIT extends GuildApiSupport {

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
        return new Guild(createGuild(owner, "{\"name\": \"Roles\"}").body().get("id").asString(), owner);
    }

    Response as(Snowflake user, HttpMethod method, String path, String body) {
        return call(method, path, userToken(user), body);
    }

    JsonNode awaitRoleEvent(String type, String roleId) {
        return events.awaitOne(e -> e.path("type").asString().equals(type)
                && (e.path("data").path("role").path("id").asString().equals(roleId)
                        || e.path("data").path("role_id").asString().equals(roleId)), Duration.ofSeconds(15));
    }

    long storedPermissions(String roleId) {
        return count("SELECT permissions FROM roles WHERE id = :id", Snowflake.parse(roleId));
    }

    @Test
    void managersCreateRolesJustAboveEveryoneAndMembersHearOfIt() {
        Guild guild = newGuild();

        Response made = as(guild.owner(), HttpMethod.POST, guild.roles(),
                "{\"name\": \" Moderators \", \"permissions\": \"1099511627776\", \"color\": 3447003, \"hoist\": true, \"mentionable\": true}");
        Response defaults = as(guild.owner(), HttpMethod.POST, guild.roles(), "{}");

        assertThat(made.status()).isEqualTo(200);
        JsonNode role = made.body();
        assertThat(role.get("name").asString()).isEqualTo("Moderators");
        assertThat(role.get("permissions").asString()).as("bit 40, MODERATE_MEMBERS, as a string").isEqualTo("1099511627776");
        assertThat(role.get("color").asInt()).isEqualTo(3447003);
        assertThat(role.get("colors").get("primary_color").asInt()).isEqualTo(3447003);
        assertThat(role.get("position").asInt()).isEqualTo(1);
        assertThat(role.get("hoist").asBoolean()).isTrue();
        assertThat(role.get("managed").asBoolean()).isFalse();
        assertThat(role.has("tags")).isFalse();
        assertThat(storedPermissions(role.get("id").asString())).isEqualTo(Permission.MODERATE_MEMBERS.bit());
        JsonNode event = awaitRoleEvent("GUILD_ROLE_CREATE", role.get("id").asString());
        assertThat(event.get("audience")).isEqualTo(json("{\"guild_id\": \"" + guild.id() + "\"}"));
        assertThat(event.get("data")).isEqualTo(json("{\"guild_id\": \"" + guild.id() + "\", \"role\": " + role + "}"));

        JsonNode everyone = get(guild.owner(), guild.role(guild.id())).body();
        assertThat(defaults.body().get("name").asString()).isEqualTo("new role");
        assertThat(defaults.body().get("permissions")).isEqualTo(everyone.get("permissions"));
        JsonNode listed = get(guild.owner(), guild.roles()).body();
        assertThat(ids(listed)).as("bottom first: the newest role sits lowest among equals")
                .containsExactly(guild.id(), defaults.body().get("id").asString(), role.get("id").asString());
    }

    @Test
    void membersReadRolesAndStrangersCannot() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        Snowflake stranger = newUser("stranger");
        addMember(guild.id(), member);

        assertThat(get(member, guild.roles()).body()).hasSize(1);
        assertThat(get(member, guild.role(guild.id())).body().get("name").asString()).isEqualTo("@everyone");
        assertThat(get(member, guild.role(42)).body()).isEqualTo(json("{\"message\": \"Unknown Role\", \"code\": 10011}"));
        assertThat(get(stranger, guild.roles()).body()).isEqualTo(json("{\"message\": \"Missing Access\", \"code\": 50001}"));
        assertThat(call(HttpMethod.GET, guild.roles(), null, null).status()).isEqualTo(401);
        assertThat(call(HttpMethod.POST, guild.roles(), null, "{}").status()).isEqualTo(401);
        assertThat(call(HttpMethod.GET, guild.roles(), botToken(member), null).status()).isEqualTo(200);
        assertThat(call(HttpMethod.GET, "/guilds/nope/roles", userToken(member), null).body().get("errors").has("guild_id")).isTrue();
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
        assertThat(count("SELECT count(*) FROM roles WHERE guild_id = :id", Snowflake.parse(guild.id()))).isEqualTo(3);
    }

    @Test
    void badRolesAreRefusedFieldByFieldAndNothingIsStored() {
        Guild guild = newGuild();
        String[][] cases = {
                {"{\"name\": \"" + "n".repeat(101) + "\"}", "name"},
                {"{\"name\": \"\"}", "name"},
                {"{\"permissions\": \"lots\"}", "permissions"},
                {"{\"permissions\": \"-1\"}", "permissions"},
                {"{\"color\": 16777216}", "color"},
                {"{\"color\": -1}", "color"},
                {"{\"colors\": {\"primary_color\": 1, \"secondary_color\": 2}}", "colors"},
                {"{\"icon\": \"not an image\"}", "icon"},
                {"{\"icon\": \"data:image/png;base64,iVBORw0KGgo=\"}", "icon"},
                {"{\"unicode_emoji\": \"\\ud83d\\udd25\"}", "unicode_emoji"},
                {"{\"hoist\": \"yes\"}", "hoist"}};
        for (String[] c : cases) {
            Response response = as(guild.owner(), HttpMethod.POST, guild.roles(), c[0]);
            assertThat(response.status()).as(c[0]).isEqualTo(400);
            assertThat(response.body().get("code").asInt()).as(c[0]).isEqualTo(50035);
            assertThat(response.body().get("errors").has(c[1])).as(c[0] + " " + response.body()).isTrue();
        }
        assertThat(count("SELECT count(*) FROM roles WHERE guild_id = :id", Snowflake.parse(guild.id()))).isEqualTo(1);
    }

    @Test
    void roleIconsNeedTheGuildFeature() {
        Guild guild = newGuild();
        db.sql("UPDATE guilds SET features = '{ROLE_ICONS}' WHERE id = :id").bind("id", Long.parseLong(guild.id()))
                .then().block(Duration.ofSeconds(5));

        Response made = as(guild.owner(), HttpMethod.POST, guild.roles(),
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
                        FROM generate_series(1, 249) AS n""")
                .bind("guild", Long.parseLong(guild.id()))
                .then().block(Duration.ofSeconds(5));

        Response refused = as(guild.owner(), HttpMethod.POST, guild.roles(), "{}");

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body()).isEqualTo(json("{\"message\": \"Maximum number of guild roles reached (250)\", \"code\": 30005}"));
        assertThat(count("SELECT count(*) FROM roles WHERE guild_id = :id", Snowflake.parse(guild.id()))).isEqualTo(250);
    }

    @Test
    void editingARolePublishesItAndAnEmptyEditPublishesNothing() {
        Guild guild = newGuild();
        String roleId = as(guild.owner(), HttpMethod.POST, guild.roles(), "{\"name\": \"Crew\"}").body().get("id").asString();

        Response edited = as(guild.owner(), HttpMethod.PATCH, guild.role(roleId),
                "{\"name\": \"Crew 2\", \"permissions\": \"8\", \"colors\": {\"primary_color\": 255}, \"mentionable\": true}");
        Response unchanged = as(guild.owner(), HttpMethod.PATCH, guild.role(roleId), "{\"name\": \"Crew 2\"}");

        assertThat(edited.status()).isEqualTo(200);
        assertThat(edited.body().get("name").asString()).isEqualTo("Crew 2");
        assertThat(edited.body().get("permissions").asString()).isEqualTo("8");
        assertThat(edited.body().get("color").asInt()).isEqualTo(255);
        assertThat(edited.body().get("mentionable").asBoolean()).isTrue();
        assertThat(storedPermissions(roleId)).isEqualTo(8);
        assertThat(unchanged.body()).isEqualTo(edited.body());
        assertThat(awaitRoleEvent("GUILD_ROLE_UPDATE", roleId).get("data").get("role")).isEqualTo(edited.body());
        assertThat(eventsAbout("GUILD_ROLE_UPDATE", guild.id())).hasSize(1);
    }

    @Test
    void editsAreBoundByTheHierarchyAndCannotEscalate() {
        Guild guild = newGuild();
        Snowflake manager = newUser("manager");
        long above = addRole(guild.id(), 9, 0);
        long own = addRole(guild.id(), 5, MANAGE_ROLES);
        long below = addRole(guild.id(), 2, 0);
        addMember(guild.id(), manager, own);

        assertThat(as(manager, HttpMethod.PATCH, guild.role(above), "{\"name\": \"x\"}").status()).isEqualTo(403);
        assertThat(as(manager, HttpMethod.PATCH, guild.role(own), "{\"name\": \"x\"}").status()).isEqualTo(403);
        assertThat(as(manager, HttpMethod.PATCH, guild.role(below), "{\"permissions\": \"8\"}").status()).isEqualTo(403);
        assertThat(as(manager, HttpMethod.PATCH, guild.role(below), "{\"name\": \"renamed\"}").status()).isEqualTo(200);
        assertThat(as(manager, HttpMethod.PATCH, guild.role(guild.id()), "{\"permissions\": \"1024\"}").status())
                .as("@everyone sits below every role").isEqualTo(200);
        assertThat(storedPermissions(guild.id())).isEqualTo(1024);
        assertThat(as(guild.owner(), HttpMethod.PATCH, guild.role(guild.id()), "{\"name\": \"all\"}").body().get("errors").has("name")).isTrue();
        assertThat(as(guild.owner(), HttpMethod.PATCH, guild.role(below), "{\"name\": null}").body().get("errors").has("name")).isTrue();
        assertThat(as(guild.owner(), HttpMethod.PATCH, guild.role(42), "{}").body().get("code").asInt()).isEqualTo(10011);
        assertThat(call(HttpMethod.PATCH, guild.role(below), null, "{}").status()).isEqualTo(401);
    }

    @Test
    void reorderingMovesRolesExactlyAndPublishesEveryRoleThatMoved() {
        Guild guild = newGuild();
        long a = addRole(guild.id(), 1, 0);
        long b = addRole(guild.id(), 2, 0);
        long c = addRole(guild.id(), 3, 0);

        Response moved = as(guild.owner(), HttpMethod.PATCH, guild.roles(), "[{\"id\": \"" + c + "\", \"position\": 1}]");

        assertThat(moved.status()).isEqualTo(200);
        assertThat(ids(moved.body())).containsExactly(guild.id(), "" + c, "" + a, "" + b);
        assertThat(StreamSupport.stream(moved.body().spliterator(), false).map(r -> r.get("position").asInt()).toList())
                .containsExactly(0, 1, 2, 3);
        assertThat(count("SELECT position FROM roles WHERE id = :id", Snowflake.of(c))).isEqualTo(1);
        assertThat(count("SELECT position FROM roles WHERE id = :id", Snowflake.of(b))).isEqualTo(3);
        for (long role : List.of(a, b, c)) {
            assertThat(awaitRoleEvent("GUILD_ROLE_UPDATE", "" + role)).isNotNull();
        }
        assertThat(eventsAbout("GUILD_ROLE_UPDATE", guild.id())).hasSize(3);
    }

    @Test
    void managersMoveOnlyRolesBelowTheirOwnAndNeverAboveIt() {
        Guild guild = newGuild();
        Snowflake manager = newUser("manager");
        long low = addRole(guild.id(), 1, 0);
        long own = addRole(guild.id(), 2, MANAGE_ROLES);
        long high = addRole(guild.id(), 3, 0);
        addMember(guild.id(), manager, own);
        Snowflake member = newUser("member");
        addMember(guild.id(), member);

        assertThat(as(manager, HttpMethod.PATCH, guild.roles(), "[{\"id\": \"" + high + "\", \"position\": 1}]").status()).isEqualTo(403);
        assertThat(as(manager, HttpMethod.PATCH, guild.roles(), "[{\"id\": \"" + low + "\", \"position\": 3}]").status()).isEqualTo(403);
        assertThat(as(member, HttpMethod.PATCH, guild.roles(), "[]").status()).isEqualTo(403);
        assertThat(count("SELECT position FROM roles WHERE id = :id", Snowflake.of(low))).isEqualTo(1);
        assertThat(as(manager, HttpMethod.PATCH, guild.roles(), "[{\"id\": \"" + low + "\", \"position\": 1}]").status()).isEqualTo(200);
    }

    @Test
    void badReordersAreRefusedByItem() {
        Guild guild = newGuild();
        long role = addRole(guild.id(), 1, 0);
        String[][] cases = {
                {"[{\"id\": \"42\", \"position\": 1}]", "0"},
                {"[{\"id\": \"" + guild.id() + "\", \"position\": 1}]", "0"},
                {"[{\"position\": 1}]", "0"},
                {"[{\"id\": \"" + role + "\", \"position\": -1}]", "0"},
                {"[{\"id\": \"" + role + "\", \"position\": 1}, {\"id\": \"" + role + "\", \"position\": 2}]", "1"},
                {"{\"id\": \"" + role + "\"}", null}};
        for (String[] c : cases) {
            Response response = as(guild.owner(), HttpMethod.PATCH, guild.roles(), c[0]);
            assertThat(response.status()).as(c[0]).isEqualTo(400);
            if (c[1] != null) {
                assertThat(response.body().get("errors").has(c[1])).as(c[0] + " " + response.body()).isTrue();
            }
        }
        assertThat(count("SELECT position FROM roles WHERE id = :id", Snowflake.of(role))).isEqualTo(1);
    }

    @Test
    void deletingARoleTakesItOffMembersAndChannelsAndTellsEveryone() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        long role = addRole(guild.id(), 1, 0);
        addMember(guild.id(), member, role);
        String channel = call(HttpMethod.POST, "/guilds/" + guild.id() + "/channels", userToken(guild.owner()),
                "{\"name\": \"crew\", \"permission_overwrites\": [{\"id\": \"" + role + "\", \"type\": 0, \"allow\": \"1024\"}]}")
                .body().get("id").asString();

        Response deleted = as(guild.owner(), HttpMethod.DELETE, guild.role(role), null);

        assertThat(deleted.status()).isEqualTo(204);
        assertThat(count("SELECT count(*) FROM roles WHERE id = :id", Snowflake.of(role))).isZero();
        assertThat(count("SELECT count(*) FROM members WHERE user_id = :id AND cardinality(role_ids) = 0", member)).isEqualTo(1);
        assertThat(count("SELECT count(*) FROM permission_overwrites WHERE target_id = :id", Snowflake.of(role))).isZero();
        assertThat(awaitRoleEvent("GUILD_ROLE_DELETE", "" + role).get("data"))
                .isEqualTo(json("{\"guild_id\": \"" + guild.id() + "\", \"role_id\": \"" + role + "\"}"));
        JsonNode update = events.awaitOne(e -> e.path("type").asString().equals("CHANNEL_UPDATE")
                && e.path("data").path("id").asString().equals(channel), Duration.ofSeconds(15));
        assertThat(update.get("data").get("permission_overwrites").isEmpty()).isTrue();
        assertThat(as(guild.owner(), HttpMethod.DELETE, guild.role(role), null).body().get("code").asInt()).isEqualTo(10011);
    }

    @Test
    void everyoneAndManagedRolesStayAndOthersNeedTheHierarchy() {
        Guild guild = newGuild();
        Snowflake manager = newUser("manager");
        long own = addRole(guild.id(), 5, MANAGE_ROLES);
        long above = addRole(guild.id(), 6, 0);
        addMember(guild.id(), manager, own);
        long managed = addRole(guild.id(), 2, 0);
        db.sql("UPDATE roles SET managed = true, tags = '{\"integration_id\": \"7\", \"subscription_listing_id\": \"8\"}' WHERE id = :id")
                .bind("id", managed).then().block(Duration.ofSeconds(5));

        Response everyone = as(guild.owner(), HttpMethod.DELETE, guild.role(guild.id()), null);
        Response managedRole = as(guild.owner(), HttpMethod.DELETE, guild.role(managed), null);

        assertThat(everyone.body()).isEqualTo(json("{\"message\": \"Invalid Role\", \"code\": 50028}"));
        assertThat(managedRole.status()).isEqualTo(400);
        assertThat(get(guild.owner(), guild.role(managed)).body().get("tags"))
                .isEqualTo(json("{\"integration_id\": \"7\", \"subscription_listing_id\": \"8\"}"));
        assertThat(as(manager, HttpMethod.DELETE, guild.role(above), null).status()).isEqualTo(403);
        assertThat(call(HttpMethod.DELETE, guild.role(above), null, null).status()).isEqualTo(401);
        assertThat(count("SELECT count(*) FROM roles WHERE guild_id = :id", Snowflake.parse(guild.id()))).isEqualTo(4);
    }

    private static List<String> ids(JsonNode roles) {
        return StreamSupport.stream(roles.spliterator(), false).map(r -> r.get("id").asString()).toList();
    }
}
