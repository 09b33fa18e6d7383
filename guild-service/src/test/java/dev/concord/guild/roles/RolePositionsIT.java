package dev.concord.guild.roles;

import static dev.concord.platform.events.EventTypes.GUILD_ROLE_CREATE;
import static dev.concord.platform.events.EventTypes.GUILD_ROLE_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * A new role takes position 1, just above @everyone, and every other role moves up one, so no two roles
 * share a position; as on the platform, each role that moved gets a GUILD_ROLE_UPDATE.
 */
class RolePositionsIT extends RoleApiSupport {

    @Test
    void aNewRoleTakesPositionOneAndTheOthersMoveUpWithAnUpdateEach() {
        Guild guild = newGuild();
        String first = create(guild, "first");
        String second = create(guild, "second");
        String third = create(guild, "third");

        JsonNode listed = get(guild.owner(), guild.roles()).body();

        assertThat(ids(listed)).containsExactly(guild.id(), third, second, first);
        assertThat(positions(listed)).containsExactly(0, 1, 2, 3);
        assertThat(storedPositions(guild))
                .isEqualTo(Map.of(
                        Long.parseLong(guild.id()), 0,
                        Long.parseLong(third), 1,
                        Long.parseLong(second), 2,
                        Long.parseLong(first), 3));
        awaitRoleEvent(GUILD_ROLE_CREATE, third);
        JsonNode firstMovedToThree = awaitEvent(e -> isUpdate(e, first, 3));
        assertThat(firstMovedToThree.get("data").get("role")).isEqualTo(listed.get(3));
        awaitEvent(e -> isUpdate(e, second, 2));
        assertThat(eventsAbout(GUILD_ROLE_UPDATE, guild.id()))
                .as("the first role moved twice, the second once, @everyone never")
                .hasSize(3);
    }

    @Test
    void positionsSharedOrSkippedBeforeAreNumberedInOrderWhenARoleIsCreated() {
        Guild guild = newGuild();
        long low = addRole(guild.id(), 1, 0);
        long tiedHigher = addRole(guild.id(), 4, 0);
        long tiedLower = addRole(guild.id(), 4, 0);

        String made = create(guild, "made");

        assertThat(ids(get(guild.owner(), guild.roles()).body()))
                .as("on a tie the newer role (higher id) sits lower, as before")
                .containsExactly(guild.id(), made, "" + low, "" + tiedLower, "" + tiedHigher);
        assertThat(storedPositions(guild))
                .isEqualTo(Map.of(
                        Long.parseLong(guild.id()), 0, Long.parseLong(made), 1, low, 2, tiedLower, 3, tiedHigher, 4));
        for (long moved : List.of(low, tiedLower)) {
            awaitRoleEvent(GUILD_ROLE_UPDATE, "" + moved);
        }
        assertThat(eventsAbout(GUILD_ROLE_UPDATE, guild.id()))
                .as("the higher of the tied roles stays at 4")
                .hasSize(2);
    }

    @Test
    void aRefusedRoleMovesNothing() {
        Guild guild = newGuild();
        long low = addRole(guild.id(), 1, 0);
        Snowflake member = newUser("member");
        addMember(guild.id(), member);

        Response refused = as(member, HttpMethod.POST, guild.roles(), "{\"name\": \"mine\"}");
        Response invalid = as(guild.owner(), HttpMethod.POST, guild.roles(), "{\"name\": \"\"}");

        assertThat(refused.body()).isEqualTo(json("{\"message\": \"Missing Permissions\", \"code\": 50013}"));
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(storedPositions(guild)).isEqualTo(Map.of(Long.parseLong(guild.id()), 0, low, 1));
        assertThat(eventsAbout(GUILD_ROLE_UPDATE, guild.id())).isEmpty();
    }

    private String create(Guild guild, String name) {
        Response made = as(guild.owner(), HttpMethod.POST, guild.roles(), "{\"name\": \"" + name + "\"}");
        assertThat(made.status()).isEqualTo(200);
        assertThat(made.body().get("position").asInt()).isEqualTo(1);
        return made.body().get("id").asString();
    }

    private static boolean isUpdate(JsonNode event, String roleId, int position) {
        JsonNode role = event.path("data").path("role");
        return event.path("type").asString().equals(GUILD_ROLE_UPDATE)
                && role.path("id").asString().equals(roleId)
                && role.path("position").asInt() == position;
    }

    private static List<Integer> positions(JsonNode roles) {
        return StreamSupport.stream(roles.spliterator(), false)
                .map(role -> role.get("position").asInt())
                .toList();
    }

    private Map<Long, Integer> storedPositions(Guild guild) {
        return db.sql("SELECT id, position FROM roles WHERE guild_id = :guild")
                .bind("guild", Long.parseLong(guild.id()))
                .map(row -> Map.entry(row.get("id", Long.class), row.get("position", Integer.class)))
                .all()
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue))
                .block(Duration.ofSeconds(5));
    }
}
