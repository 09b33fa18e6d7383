package dev.concord.guild.emojis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestTokenKeys;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Boosts set the premium tier; emoji beyond a lost tier's limits turn unavailable and come back. */
class EmojiAvailabilityIT extends GuildApiSupport {

    private static final String INTERNAL = InternalCredential.header(TestTokenKeys.internalSecret());

    @Test
    void losingBoostsMakesTheNewestEmojiUnavailableUntilTheTierOrASlotReturns() {
        Snowflake owner = newUser("booster");
        String guild =
                createGuild(owner, "{\"name\": \"Boosted\"}").body().get("id").asString();
        Response boosted = boosts(guild, "{\"premium_subscription_count\": 2}");
        assertThat(boosted.status()).as("%s", boosted.body()).isEqualTo(200);
        assertThat(boosted.body()).isEqualTo(json("{\"premium_tier\": 1}"));
        JsonNode update = awaitEvent(e -> e.path("type").asString().equals("GUILD_UPDATE")
                && e.at("/data/id").asString().equals(guild)
                && e.at("/data/premium_tier").asInt() == 1);
        assertThat(update.at("/data/premium_subscription_count").asInt()).isEqualTo(2);
        assertThat(count("SELECT premium_tier::bigint FROM guilds WHERE id = :id", Snowflake.parse(guild)))
                .isEqualTo(1);
        long base = Long.parseLong(guild) + 1_000_000;
        db.sql("""
                        INSERT INTO emojis (id, guild_id, name, user_id, animated, format, created_at)
                        SELECT :base + n, :guild, 'e' || n, :user, false, 'png', now() FROM generate_series(1, 100) n""")
                .bind("base", base)
                .bind("guild", Long.parseLong(guild))
                .bind("user", owner.value())
                .then()
                .block();

        assertThat(boosts(guild, "{\"premium_subscription_count\": 1}").body())
                .isEqualTo(json("{\"premium_tier\": 0}"));

        JsonNode emojis = awaitEvent(e -> e.path("type").asString().equals("GUILD_EMOJIS_UPDATE")
                        && e.at("/data/guild_id").asString().equals(guild))
                .at("/data/emojis");
        assertThat(emojis.valueStream().filter(emoji -> !emoji.get("available").asBoolean()))
                .as("the 50 newest beyond tier 0's limit")
                .hasSize(50)
                .allMatch(emoji -> Long.parseLong(emoji.get("id").asString()) > base + 50);
        assertThat(unavailable(guild)).isEqualTo(50);
        assertThat(get(owner, "/guilds/" + guild + "/emojis/" + (base + 51))
                        .body()
                        .get("available")
                        .asBoolean())
                .isFalse();

        assertThat(as(owner, HttpMethod.DELETE, "/guilds/" + guild + "/emojis/" + (base + 1), null)
                        .status())
                .isEqualTo(204);
        assertThat(unavailable(guild)).as("a freed slot brings the oldest back").isEqualTo(49);
        assertThat(get(owner, "/guilds/" + guild + "/emojis/" + (base + 51))
                        .body()
                        .get("available")
                        .asBoolean())
                .isTrue();

        assertThat(boosts(guild, "{\"premium_subscription_count\": 14}").body())
                .isEqualTo(json("{\"premium_tier\": 3}"));
        assertThat(unavailable(guild)).isZero();
    }

    @Test
    void badCountsAndUnknownGuildsChangeNothing() {
        Snowflake owner = newUser("owner");
        String guild =
                createGuild(owner, "{\"name\": \"Plain\"}").body().get("id").asString();

        for (String bad :
                new String[] {"{}", "{\"premium_subscription_count\": -1}", "{\"premium_subscription_count\": \"2\"}"
                }) {
            Response refused = boosts(guild, bad);
            assertThat(refused.status()).as(bad).isEqualTo(400);
            assertThat(refused.body()
                            .at("/errors/premium_subscription_count/_errors/0/code")
                            .asString())
                    .as(bad)
                    .isNotBlank();
        }
        assertThat(boosts("1234567890123", "{\"premium_subscription_count\": 2}")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10004);
        assertThat(call(
                                HttpMethod.PUT,
                                "/internal/guilds/" + guild + "/premium",
                                userToken(owner),
                                "{\"premium_subscription_count\": 2}")
                        .status())
                .isEqualTo(401);
        assertThat(count(
                        "SELECT premium_subscription_count::bigint FROM guilds WHERE id = :id", Snowflake.parse(guild)))
                .isZero();
    }

    private Response boosts(String guild, String body) {
        return call(HttpMethod.PUT, "/internal/guilds/" + guild + "/premium", INTERNAL, body);
    }

    private long unavailable(String guild) {
        return count("SELECT count(*) FROM emojis WHERE guild_id = :id AND NOT available", Snowflake.parse(guild));
    }
}
