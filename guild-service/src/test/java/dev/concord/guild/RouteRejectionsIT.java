package dev.concord.guild;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

/**
 * Every role and member route, and every invite route, refuses the same way: 401 without a token, 403
 * 50001 for users outside the guild (changing nothing), 400 50035 naming a path id that is not a
 * snowflake.
 */
class RouteRejectionsIT extends GuildApiSupport {

    /** A route with its path variables as {@code {guild}}, {@code {role}}, {@code {user}}, and a body to send. */
    record Route(HttpMethod method, String path, String body) {
        String with(String guild, String role, String user) {
            return path.replace("{guild}", guild).replace("{role}", role).replace("{user}", user);
        }
    }

    static final List<Route> GUILD_ROUTES = List.of(
            new Route(HttpMethod.GET, "/guilds/{guild}/roles", null),
            new Route(HttpMethod.POST, "/guilds/{guild}/roles", "{}"),
            new Route(HttpMethod.PATCH, "/guilds/{guild}/roles", "[]"),
            new Route(HttpMethod.GET, "/guilds/{guild}/roles/{role}", null),
            new Route(HttpMethod.PATCH, "/guilds/{guild}/roles/{role}", "{}"),
            new Route(HttpMethod.DELETE, "/guilds/{guild}/roles/{role}", null),
            new Route(HttpMethod.GET, "/guilds/{guild}/members", null),
            new Route(HttpMethod.GET, "/guilds/{guild}/members/{user}", null),
            new Route(HttpMethod.PATCH, "/guilds/{guild}/members/{user}", "{}"),
            new Route(HttpMethod.DELETE, "/guilds/{guild}/members/{user}", null),
            new Route(HttpMethod.PUT, "/guilds/{guild}/members/{user}/roles/{role}", null),
            new Route(HttpMethod.DELETE, "/guilds/{guild}/members/{user}/roles/{role}", null),
            new Route(HttpMethod.GET, "/guilds/{guild}/invites", null));

    static final List<Route> INVITE_ROUTES = List.of(
            new Route(HttpMethod.POST, "/channels/{guild}/invites", "{}"),
            new Route(HttpMethod.GET, "/channels/{guild}/invites", null),
            // GET /invites/{code} is public, as on the platform (InvitePreviewIT).
            new Route(HttpMethod.DELETE, "/invites/abc", null),
            new Route(HttpMethod.POST, "/invites/abc", "{}"));

    @Test
    void everyRouteNeedsAToken() {
        for (Route route : concat(GUILD_ROUTES, INVITE_ROUTES)) {
            Response response = call(route.method(), route.with("1", "2", "3"), null, route.body());
            assertThat(response.status()).as(route.toString()).isEqualTo(401);
            assertThat(response.body())
                    .as(route.toString())
                    .isEqualTo(json("{\"message\": \"401: Unauthorized\", \"code\": 0}"));
        }
    }

    @Test
    void usersOutsideTheGuildAreRefusedAndChangeNothing() {
        Snowflake owner = newUser("owner");
        Snowflake stranger = newUser("stranger");
        String guild =
                createGuild(owner, "{\"name\": \"Closed\"}").body().get("id").asString();

        for (Route route : GUILD_ROUTES) {
            Response response =
                    call(route.method(), route.with(guild, guild, owner.asString()), userToken(stranger), route.body());
            assertThat(response.status()).as(route.toString()).isEqualTo(403);
            assertThat(response.body())
                    .as(route.toString())
                    .isEqualTo(json("{\"message\": \"Missing Access\", \"code\": 50001}"));
        }
        assertThat(count("SELECT count(*) FROM roles WHERE guild_id = :id", Snowflake.parse(guild)))
                .isEqualTo(1);
        assertThat(count("SELECT count(*) FROM members WHERE guild_id = :id", Snowflake.parse(guild)))
                .isEqualTo(1);
    }

    @Test
    void pathIdsThatAreNotSnowflakesAreNamed() {
        Snowflake owner = newUser("owner");
        String guild =
                createGuild(owner, "{\"name\": \"Ids\"}").body().get("id").asString();
        String[][] variables = {{"{guild}", "guild_id"}, {"{role}", "role_id"}, {"{user}", "user_id"}};

        for (Route route : GUILD_ROUTES) {
            for (String[] variable : variables) {
                if (!route.path().contains(variable[0])) {
                    continue;
                }
                String path = route.path()
                        .replace(variable[0], "x")
                        .replace("{guild}", guild)
                        .replace("{role}", guild)
                        .replace("{user}", owner.asString());
                Response response = call(route.method(), path, userToken(owner), route.body());
                assertThat(response.status()).as(path).isEqualTo(400);
                assertThat(response.body().get("code").asInt()).as(path).isEqualTo(50035);
                assertThat(response.body().get("errors").has(variable[1]))
                        .as(path + " " + response.body())
                        .isTrue();
            }
        }
    }

    private static List<Route> concat(List<Route> first, List<Route> second) {
        return Stream.concat(first.stream(), second.stream()).toList();
    }
}
