package dev.concord.presence.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.presence.PresenceApiSupport;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** A presence in each guild of its user: one PRESENCE_UPDATE per guild, recorded for GUILD_CREATE, games hidden where asked. */
class GuildPresencesIT extends PresenceApiSupport {

    private static final String PLAYING = "{\"status\": \"online\", \"activities\": ["
            + "{\"name\": \"Chess\", \"type\": 0}, {\"name\": \"Custom Status\", \"type\": 4, \"state\": \"busy\"}]}";

    private static long guildIds = 881384788765712384L;

    @Test
    void eachGuildGetsThePresenceWithItsIdAndGuildCreateFindsIt() {
        Snowflake kim = newUser();
        Snowflake open = guildWith(kim);
        Snowflake restricted = guildWith(kim);
        social().presenceSettings(kim.value(), "online", true, List.of(restricted.value()));

        open("gw-a", newSessionId(), kim, "{}", PLAYING);

        JsonNode inOpen = awaitEvent(e -> isGuildPresence(e, open, kim));
        assertThat(inOpen.path("audience").path("guild_id").asString()).isEqualTo(open.asString());
        assertThat(inOpen.path("data").path("guild_id").asString()).isEqualTo(open.asString());
        assertThat(names(inOpen)).containsExactly("Chess", "Custom Status");
        JsonNode inRestricted = awaitEvent(e -> isGuildPresence(e, restricted, kim));
        assertThat(names(inRestricted)).containsExactly("Custom Status");

        Response bots = open(
                "gw-a",
                newSessionId(),
                newUser(),
                "{}",
                "{\"status\": \"online\"}",
                "[\"" + open.asString() + "\", \"" + restricted.asString() + "\"]");
        JsonNode guildPresences = bots.body().path("guild_presences");
        assertThat(guildPresences.path(open.asString())).hasSize(1);
        assertThat(guildPresences
                        .path(open.asString())
                        .get(0)
                        .path("user")
                        .path("id")
                        .asString())
                .isEqualTo(kim.asString());
        assertThat(guildPresences.path(restricted.asString()).get(0).path("activities"))
                .hasSize(1);
        assertThat(guildPresences
                        .path(restricted.asString())
                        .get(0)
                        .path("guild_id")
                        .asString())
                .isEqualTo(restricted.asString());
    }

    @Test
    void aMemberWhoLeavesLeavesTheGuildsPresencesAndOneWhoJoinsIsShown() {
        Snowflake lee = newUser();
        Snowflake left = guildWith(lee);
        open("gw-a", newSessionId(), lee, "{}", PLAYING);
        awaitEvent(e -> isGuildPresence(e, left, lee));
        assertThat(presencesIn(left)).containsKey(lee.asString());

        publish(
                "guild.events",
                left.asString(),
                "GUILD_MEMBER_REMOVE",
                Map.of("guild_id", left.asString()),
                Map.of("guild_id", left.asString(), "user", Map.of("id", lee.asString())));
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(15)).until(() -> !presencesIn(left)
                .containsKey(lee.asString()));

        Snowflake joined = Snowflake.of(++guildIds);
        GUILD_SERVICE.guild(joined.value(), lee.value()).member(lee.value(), 0);
        publish(
                "guild.events",
                joined.asString(),
                "GUILD_MEMBER_ADD",
                Map.of("guild_id", joined.asString()),
                Map.of("guild_id", joined.asString(), "user", Map.of("id", lee.asString())));
        JsonNode shown = awaitEvent(e -> isGuildPresence(e, joined, lee));
        assertThat(shown.path("data").path("status").asString()).isEqualTo("online");
        assertThat(presencesIn(joined)).containsKey(lee.asString());
    }

    @Test
    void goingOfflineIsToldToEachGuildAndLeavesItsPresences() {
        Snowflake max = newUser();
        Snowflake guild = guildWith(max);
        String session = newSessionId();
        open("gw-a", session, max, "{}", PLAYING);
        awaitEvent(e -> isGuildPresence(e, guild, max));

        close("gw-a", session, max);

        JsonNode offline = awaitEvent(e -> isGuildPresence(e, guild, max)
                && e.path("data").path("status").asString().equals("offline"));
        assertThat(offline.path("data").path("activities")).isEmpty();
        assertThat(presencesIn(guild)).doesNotContainKey(max.asString());
    }

    private Snowflake guildWith(Snowflake member) {
        Snowflake guild = Snowflake.of(++guildIds);
        GUILD_SERVICE.guild(guild.value(), member.value()).member(member.value(), 0);
        return guild;
    }

    private Map<String, String> presencesIn(Snowflake guild) {
        return redis.hgetall(redisKeys.key("presence:g:" + guild.asString()))
                .collectMap(kv -> kv.getKey(), kv -> kv.getValue())
                .block(Duration.ofSeconds(5));
    }

    private static boolean isGuildPresence(JsonNode event, Snowflake guild, Snowflake user) {
        return event.path("type").asString().equals("PRESENCE_UPDATE")
                && event.path("audience").path("guild_id").asString().equals(guild.asString())
                && about(event, user);
    }

    private static List<String> names(JsonNode event) {
        return event.path("data")
                .path("activities")
                .valueStream()
                .map(activity -> activity.path("name").asString())
                .toList();
    }
}
