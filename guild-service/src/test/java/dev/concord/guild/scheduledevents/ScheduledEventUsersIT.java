package dev.concord.guild.scheduledevents;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Who is interested in an event: marked and unmarked once each, counted, paged in user id order. */
class ScheduledEventUsersIT extends GuildApiSupport {

    @Test
    void membersMarkThemselvesInterestedOnceAndAreCountedAndListed() {
        Snowflake owner = newUser("owner");
        String guild =
                createGuild(owner, "{\"name\": \"RSVP\"}").body().get("id").asString();
        Snowflake fan = newUser("fan");
        addMember(guild, fan);
        String event = as(
                        owner,
                        HttpMethod.POST,
                        "/guilds/" + guild + "/scheduled-events",
                        ScheduledEventApiIT.external("Show", Instant.now().plus(1, ChronoUnit.DAYS), "Hall"))
                .body()
                .get("id")
                .asString();
        String users = "/guilds/" + guild + "/scheduled-events/" + event + "/users";

        Response marked = as(fan, HttpMethod.PUT, users + "/@me", null);
        Response again = as(fan, HttpMethod.PUT, users + "/@me", null);

        assertThat(marked.status()).as(String.valueOf(marked.body())).isEqualTo(200);
        assertThat(marked.body().get("guild_scheduled_event_id").asString()).isEqualTo(event);
        assertThat(marked.body().get("user_id").asString()).isEqualTo(fan.asString());
        assertThat(marked.body().get("user").get("id").asString()).isEqualTo(fan.asString());
        assertThat(marked.body().get("response").asInt()).isEqualTo(1);
        assertThat(again.status()).isEqualTo(200);
        assertThat(count("SELECT count(*) FROM scheduled_event_users WHERE event_id = :id", Snowflake.parse(event)))
                .isEqualTo(1);
        JsonNode added = awaitEvent("GUILD_SCHEDULED_EVENT_USER_ADD", guild);
        assertThat(added.get("data").get("guild_scheduled_event_id").asString()).isEqualTo(event);
        assertThat(added.get("data").get("user_id").asString()).isEqualTo(fan.asString());
        assertThat(eventsAbout("GUILD_SCHEDULED_EVENT_USER_ADD", guild))
                .as("marking twice is one change")
                .hasSize(1);

        JsonNode listed = get(owner, users + "?with_member=true").body();
        assertThat(listed).hasSize(1);
        assertThat(listed.get(0).get("user").get("id").asString()).isEqualTo(fan.asString());
        assertThat(listed.get(0).get("member").get("user").get("id").asString()).isEqualTo(fan.asString());
        assertThat(get(owner, users).body().get(0).has("member")).isFalse();
        assertThat(get(owner, users + "/counts")
                        .body()
                        .get("guild_scheduled_event_count")
                        .asInt())
                .isEqualTo(1);
        assertThat(get(owner, "/guilds/" + guild + "/scheduled-events?with_user_count=true")
                        .body()
                        .get(0)
                        .get("user_count")
                        .asInt())
                .isEqualTo(1);

        assertThat(as(fan, HttpMethod.DELETE, users + "/@me", null).status()).isEqualTo(204);
        assertThat(as(fan, HttpMethod.DELETE, users + "/@me", null).status()).isEqualTo(204);
        assertThat(awaitEvent("GUILD_SCHEDULED_EVENT_USER_REMOVE", guild)
                        .get("data")
                        .get("user_id")
                        .asString())
                .isEqualTo(fan.asString());
        assertThat(get(owner, users).body()).isEmpty();

        assertThat(call(HttpMethod.PUT, users + "/@me", null, null).status()).isEqualTo(401);
        assertThat(call(HttpMethod.PUT, users + "/@me", botToken(fan), null).status())
                .as("bots do not RSVP")
                .isEqualTo(403);
        assertThat(as(newUser("outsider"), HttpMethod.PUT, users + "/@me", null).status())
                .isEqualTo(403);
        Response unknown = as(fan, HttpMethod.PUT, "/guilds/" + guild + "/scheduled-events/1/users/@me", null);
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.body().get("code").asInt()).isEqualTo(10070);
        Response badLimit = get(owner, users + "?limit=101");
        assertThat(badLimit.status()).isEqualTo(400);
        assertThat(badLimit.body().get("errors").has("limit")).isTrue();
    }

    @Test
    void interestedUsersArePagedInUserIdOrder() {
        Snowflake owner = newUser("owner");
        String guild =
                createGuild(owner, "{\"name\": \"Pages\"}").body().get("id").asString();
        String event = as(
                        owner,
                        HttpMethod.POST,
                        "/guilds/" + guild + "/scheduled-events",
                        ScheduledEventApiIT.external("Show", Instant.now().plus(1, ChronoUnit.DAYS), "Hall"))
                .body()
                .get("id")
                .asString();
        String users = "/guilds/" + guild + "/scheduled-events/" + event + "/users";
        List<Snowflake> fans = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Snowflake fan = newUser("fan");
            addMember(guild, fan);
            assertThat(as(fan, HttpMethod.PUT, users + "/@me", null).status()).isEqualTo(200);
            fans.add(fan);
        }

        assertThat(ids(get(owner, users + "?limit=2").body())).containsExactly(fans.get(0), fans.get(1));
        assertThat(ids(get(owner, users + "?limit=2&after=" + fans.get(1).asString())
                        .body()))
                .containsExactly(fans.get(2), fans.get(3));
        assertThat(ids(get(owner, users + "?limit=2&before=" + fans.get(4).asString())
                        .body()))
                .as("the last two before, still in ascending order")
                .containsExactly(fans.get(2), fans.get(3));
        assertThat(ids(get(
                                owner,
                                users + "?before=" + fans.get(2).asString() + "&after="
                                        + fans.get(3).asString())
                        .body()))
                .as("before wins")
                .containsExactly(fans.get(0), fans.get(1));
    }

    private static List<Snowflake> ids(JsonNode users) {
        List<Snowflake> ids = new ArrayList<>();
        users.forEach(user -> ids.add(Snowflake.parse(user.get("user_id").asString())));
        return ids;
    }
}
