package dev.concord.guild.emojis;

import static dev.concord.guild.emojis.EmojiImagesForTests.dataUri;
import static dev.concord.guild.emojis.EmojiImagesForTests.png;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** A guild's top emojis, counted from its messages as webhook.events tells of them. */
class TopEmojisIT extends GuildApiSupport {

    private static final AtomicLong EVENTS = new AtomicLong(7_300_000_000_000_000_000L);

    @Test
    void theGuildsOwnEmojiAreRankedByUseInItsMessages() {
        Snowflake owner = newUser("owner");
        Snowflake stranger = newUser("stranger");
        String guild =
                createGuild(owner, "{\"name\": \"Top\"}").body().get("id").asString();
        String other =
                createGuild(owner, "{\"name\": \"Other\"}").body().get("id").asString();
        String wave = emoji(owner, guild, "wave");
        String cat = emoji(owner, guild, "cat");
        String unused = emoji(owner, guild, "unused");
        String foreign = emoji(owner, other, "foreign");

        Snowflake repeated = Snowflake.of(EVENTS.incrementAndGet());
        message(repeated, guild, "hi <:wave:" + wave + "> <:wave:" + wave + "> <a:cat:" + cat + ">");
        message(repeated, guild, "hi <:wave:" + wave + "> again: the same event, delivered twice");
        message(Snowflake.of(EVENTS.incrementAndGet()), guild, "<:wave:" + wave + "> and <:foreign:" + foreign + ">");
        message(Snowflake.of(EVENTS.incrementAndGet()), guild, "no emoji here <:broken:notanid>");
        await().atMost(Duration.ofSeconds(15))
                .until(() -> count(
                                "SELECT coalesce(sum(uses), 0) FROM emoji_uses WHERE guild_id = :id",
                                Snowflake.parse(guild))
                        == 3);

        JsonNode top = get(owner, "/guilds/" + guild + "/top-emojis").body();
        assertThat(top)
                .isEqualTo(json("{\"items\": [{\"emoji_id\": \"" + wave + "\", \"emoji_rank\": 1}, "
                        + "{\"emoji_id\": \"" + cat + "\", \"emoji_rank\": 2}]}"));
        assertThat(top.toString()).doesNotContain(unused).doesNotContain(foreign);
        assertThat(count("SELECT count(*) FROM emoji_uses WHERE guild_id = :id", Snowflake.parse(other)))
                .isZero();

        assertThat(call(HttpMethod.GET, "/guilds/" + guild + "/top-emojis", null, null)
                        .status())
                .isEqualTo(401);
        assertThat(get(stranger, "/guilds/" + guild + "/top-emojis").body())
                .isEqualTo(json("{\"message\": \"Missing Access\", \"code\": 50001}"));

        as(owner, HttpMethod.DELETE, "/guilds/" + guild + "/emojis/" + wave, null);
        assertThat(get(owner, "/guilds/" + guild + "/top-emojis").body().get("items"))
                .as("a deleted emoji's uses go with it")
                .hasSize(1);
    }

    @Test
    void reactionsWithTheGuildsOwnEmojiCountEachOnce() {
        Snowflake owner = newUser("owner");
        String guild =
                createGuild(owner, "{\"name\": \"Reacted\"}").body().get("id").asString();
        String other =
                createGuild(owner, "{\"name\": \"Elsewhere\"}").body().get("id").asString();
        String wave = emoji(owner, guild, "wave");
        String cat = emoji(owner, guild, "cat");
        String foreign = emoji(owner, other, "foreign");

        Snowflake twice = Snowflake.of(EVENTS.incrementAndGet());
        reaction(twice, guild, "{\"id\": \"" + cat + "\", \"name\": \"cat\"}");
        reaction(twice, guild, "{\"id\": \"" + cat + "\", \"name\": \"cat\"}");
        reaction(Snowflake.of(EVENTS.incrementAndGet()), guild, "{\"id\": \"" + cat + "\", \"name\": \"cat\"}");
        reaction(Snowflake.of(EVENTS.incrementAndGet()), guild, "{\"id\": null, \"name\": \"👍\"}");
        reaction(Snowflake.of(EVENTS.incrementAndGet()), guild, "{\"id\": \"" + foreign + "\", \"name\": \"foreign\"}");
        message(Snowflake.of(EVENTS.incrementAndGet()), guild, "<:wave:" + wave + ">");
        await().atMost(Duration.ofSeconds(15))
                .until(() -> count(
                                "SELECT coalesce(sum(uses), 0) FROM emoji_uses WHERE guild_id = :id",
                                Snowflake.parse(guild))
                        == 3);

        assertThat(count("SELECT uses FROM emoji_uses WHERE emoji_id = :id", Snowflake.parse(cat)))
                .as("two reactions, one of them delivered twice")
                .isEqualTo(2);
        assertThat(get(owner, "/guilds/" + guild + "/top-emojis").body())
                .isEqualTo(json("{\"items\": [{\"emoji_id\": \"" + cat + "\", \"emoji_rank\": 1}, "
                        + "{\"emoji_id\": \"" + wave + "\", \"emoji_rank\": 2}]}"));
        assertThat(count("SELECT count(*) FROM emoji_uses WHERE guild_id = :id", Snowflake.parse(other)))
                .isZero();
    }

    /** A MESSAGE_REACTION_ADD as webhook-service publishes it, with what this count reads of it. */
    private void reaction(Snowflake eventId, String guild, String emoji) {
        publish(
                eventId,
                Instant.now(),
                "webhook.events",
                guild,
                "MESSAGE_REACTION_ADD",
                Map.of("guild_id", guild, "channel_id", guild),
                Map.of(
                        "user_id",
                        eventId.asString(),
                        "guild_id",
                        guild,
                        "channel_id",
                        guild,
                        "message_id",
                        eventId.asString(),
                        "emoji",
                        json(emoji),
                        "burst",
                        false,
                        "type",
                        0));
    }

    private String emoji(Snowflake owner, String guild, String name) {
        return as(
                        owner,
                        HttpMethod.POST,
                        "/guilds/" + guild + "/emojis",
                        "{\"name\": \"" + name + "\", \"image\": \"" + dataUri("png", png(8, 8)) + "\"}")
                .body()
                .get("id")
                .asString();
    }

    /** A MESSAGE_CREATE as webhook-service publishes it, with what this count reads of it. */
    private void message(Snowflake eventId, String guild, String content) {
        publish(
                eventId,
                Instant.now(),
                "webhook.events",
                guild,
                "MESSAGE_CREATE",
                Map.of("guild_id", guild, "channel_id", guild),
                Map.of(
                        "id",
                        eventId.asString(),
                        "guild_id",
                        guild,
                        "channel_id",
                        guild,
                        "content",
                        content,
                        "attachments",
                        List.of()));
    }
}
