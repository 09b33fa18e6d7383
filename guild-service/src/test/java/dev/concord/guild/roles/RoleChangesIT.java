package dev.concord.guild.roles;

import static dev.concord.platform.events.EventTypes.CHANNEL_UPDATE;
import static dev.concord.platform.events.EventTypes.GUILD_ROLE_DELETE;
import static dev.concord.platform.events.EventTypes.GUILD_ROLE_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Duration;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Editing, reordering and deleting roles, bound by the hierarchy, with the events each change publishes. */
class RoleChangesIT extends RoleApiSupport {

    @Test
    void editingARolePublishesItAndAnEmptyEditPublishesNothing() {
        Guild guild = newGuild();
        String roleId = as(guild.owner(), HttpMethod.POST, guild.roles(), "{\"name\": \"Crew\"}")
                .body()
                .get("id")
                .asString();

        Response edited = as(
                guild.owner(),
                HttpMethod.PATCH,
                guild.role(roleId),
                "{\"name\": \"Crew 2\", \"permissions\": \"8\", \"colors\": {\"primary_color\": 255}, \"mentionable\": true}");
        Response unchanged = as(guild.owner(), HttpMethod.PATCH, guild.role(roleId), "{\"name\": \"Crew 2\"}");

        assertThat(edited.status()).isEqualTo(200);
        assertThat(edited.body().get("name").asString()).isEqualTo("Crew 2");
        assertThat(edited.body().get("permissions").asString()).isEqualTo("8");
        assertThat(edited.body().get("color").asInt()).isEqualTo(255);
        assertThat(edited.body().get("mentionable").asBoolean()).isTrue();
        assertThat(storedPermissions(roleId)).isEqualTo(8);
        assertThat(unchanged.body()).isEqualTo(edited.body());
        assertThat(awaitRoleEvent(GUILD_ROLE_UPDATE, roleId).get("data").get("role"))
                .isEqualTo(edited.body());
        assertThat(eventsAbout(GUILD_ROLE_UPDATE, guild.id())).hasSize(1);
    }

    @Test
    void editsAreBoundByTheHierarchyAndCannotEscalate() {
        Guild guild = newGuild();
        Snowflake manager = newUser("manager");
        long above = addRole(guild.id(), 9, 0);
        long own = addRole(guild.id(), 5, MANAGE_ROLES);
        long below = addRole(guild.id(), 2, 0);
        addMember(guild.id(), manager, own);

        assertThat(as(manager, HttpMethod.PATCH, guild.role(above), "{\"name\": \"x\"}")
                        .status())
                .isEqualTo(403);
        assertThat(as(manager, HttpMethod.PATCH, guild.role(own), "{\"name\": \"x\"}")
                        .status())
                .isEqualTo(403);
        assertThat(as(manager, HttpMethod.PATCH, guild.role(below), "{\"permissions\": \"8\"}")
                        .status())
                .isEqualTo(403);
        assertThat(as(manager, HttpMethod.PATCH, guild.role(below), "{\"name\": \"renamed\"}")
                        .status())
                .isEqualTo(200);
        assertThat(as(manager, HttpMethod.PATCH, guild.role(guild.id()), "{\"permissions\": \"1024\"}")
                        .status())
                .as("@everyone sits below every role")
                .isEqualTo(200);
        assertThat(storedPermissions(guild.id())).isEqualTo(1024);
        assertThat(as(guild.owner(), HttpMethod.PATCH, guild.role(guild.id()), "{\"name\": \"all\"}")
                        .body()
                        .get("errors")
                        .has("name"))
                .isTrue();
        assertThat(as(guild.owner(), HttpMethod.PATCH, guild.role(below), "{\"name\": null}")
                        .body()
                        .get("errors")
                        .has("name"))
                .isTrue();
        assertThat(as(guild.owner(), HttpMethod.PATCH, guild.role(42), "{}")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10011);
        assertThat(call(HttpMethod.PATCH, guild.role(below), null, "{}").status())
                .isEqualTo(401);
    }

    @Test
    void reorderingMovesRolesExactlyAndPublishesEveryRoleThatMoved() {
        Guild guild = newGuild();
        long a = addRole(guild.id(), 1, 0);
        long b = addRole(guild.id(), 2, 0);
        long c = addRole(guild.id(), 3, 0);

        Response moved =
                as(guild.owner(), HttpMethod.PATCH, guild.roles(), "[{\"id\": \"" + c + "\", \"position\": 1}]");

        assertThat(moved.status()).isEqualTo(200);
        assertThat(ids(moved.body())).containsExactly(guild.id(), "" + c, "" + a, "" + b);
        assertThat(StreamSupport.stream(moved.body().spliterator(), false)
                        .map(r -> r.get("position").asInt())
                        .toList())
                .containsExactly(0, 1, 2, 3);
        assertThat(count("SELECT position FROM roles WHERE id = :id", Snowflake.of(c)))
                .isEqualTo(1);
        assertThat(count("SELECT position FROM roles WHERE id = :id", Snowflake.of(b)))
                .isEqualTo(3);
        for (long role : List.of(a, b, c)) {
            assertThat(awaitRoleEvent(GUILD_ROLE_UPDATE, "" + role)).isNotNull();
        }
        assertThat(eventsAbout(GUILD_ROLE_UPDATE, guild.id())).hasSize(3);
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

        assertThat(as(manager, HttpMethod.PATCH, guild.roles(), "[{\"id\": \"" + high + "\", \"position\": 1}]")
                        .status())
                .isEqualTo(403);
        assertThat(as(manager, HttpMethod.PATCH, guild.roles(), "[{\"id\": \"" + low + "\", \"position\": 3}]")
                        .status())
                .isEqualTo(403);
        assertThat(as(member, HttpMethod.PATCH, guild.roles(), "[]").status()).isEqualTo(403);
        assertThat(count("SELECT position FROM roles WHERE id = :id", Snowflake.of(low)))
                .isEqualTo(1);
        assertThat(as(manager, HttpMethod.PATCH, guild.roles(), "[{\"id\": \"" + low + "\", \"position\": 1}]")
                        .status())
                .isEqualTo(200);
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
            {"{\"id\": \"" + role + "\"}", null}
        };
        for (String[] c : cases) {
            Response response = as(guild.owner(), HttpMethod.PATCH, guild.roles(), c[0]);
            assertThat(response.status()).as(c[0]).isEqualTo(400);
            if (c[1] != null) {
                assertThat(response.body().get("errors").has(c[1]))
                        .as(c[0] + " " + response.body())
                        .isTrue();
            }
        }
        assertThat(count("SELECT position FROM roles WHERE id = :id", Snowflake.of(role)))
                .isEqualTo(1);
    }

    @Test
    void deletingARoleTakesItOffMembersAndChannelsAndTellsEveryone() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        long role = addRole(guild.id(), 1, 0);
        addMember(guild.id(), member, role);
        String channel = call(
                        HttpMethod.POST,
                        "/guilds/" + guild.id() + "/channels",
                        userToken(guild.owner()),
                        "{\"name\": \"crew\", \"permission_overwrites\": [{\"id\": \"" + role
                                + "\", \"type\": 0, \"allow\": \"1024\"}]}")
                .body()
                .get("id")
                .asString();

        Response deleted = as(guild.owner(), HttpMethod.DELETE, guild.role(role), null);

        assertThat(deleted.status()).isEqualTo(204);
        assertThat(count("SELECT count(*) FROM roles WHERE id = :id", Snowflake.of(role)))
                .isZero();
        assertThat(count("SELECT count(*) FROM members WHERE user_id = :id AND cardinality(role_ids) = 0", member))
                .isEqualTo(1);
        assertThat(count("SELECT count(*) FROM permission_overwrites WHERE target_id = :id", Snowflake.of(role)))
                .isZero();
        assertThat(awaitRoleEvent(GUILD_ROLE_DELETE, "" + role).get("data"))
                .isEqualTo(json("{\"guild_id\": \"" + guild.id() + "\", \"role_id\": \"" + role + "\"}"));
        JsonNode update = events.awaitOne(
                e -> e.path("type").asString().equals(CHANNEL_UPDATE)
                        && e.path("data").path("id").asString().equals(channel),
                Duration.ofSeconds(15));
        assertThat(update.get("data").get("permission_overwrites").isEmpty()).isTrue();
        assertThat(as(guild.owner(), HttpMethod.DELETE, guild.role(role), null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10011);
    }

    @Test
    void everyoneAndManagedRolesStayAndOthersNeedTheHierarchy() {
        Guild guild = newGuild();
        Snowflake manager = newUser("manager");
        long own = addRole(guild.id(), 5, MANAGE_ROLES);
        long above = addRole(guild.id(), 6, 0);
        addMember(guild.id(), manager, own);
        long managed = addRole(guild.id(), 2, 0);
        db.sql(
                        "UPDATE roles SET managed = true, tags = '{\"integration_id\": \"7\", \"subscription_listing_id\": \"8\"}' WHERE id = :id")
                .bind("id", managed)
                .then()
                .block(Duration.ofSeconds(5));

        Response everyone = as(guild.owner(), HttpMethod.DELETE, guild.role(guild.id()), null);
        Response managedRole = as(guild.owner(), HttpMethod.DELETE, guild.role(managed), null);

        assertThat(everyone.body()).isEqualTo(json("{\"message\": \"Invalid Role\", \"code\": 50028}"));
        assertThat(managedRole.status()).isEqualTo(400);
        assertThat(get(guild.owner(), guild.role(managed)).body().get("tags"))
                .isEqualTo(json("{\"integration_id\": \"7\", \"subscription_listing_id\": \"8\"}"));
        assertThat(as(manager, HttpMethod.DELETE, guild.role(above), null).status())
                .isEqualTo(403);
        assertThat(call(HttpMethod.DELETE, guild.role(above), null, null).status())
                .isEqualTo(401);
        assertThat(count("SELECT count(*) FROM roles WHERE guild_id = :id", Snowflake.parse(guild.id())))
                .isEqualTo(4);
    }
}
