package dev.concord.guild.emojis;

import static dev.concord.guild.emojis.EmojiImagesForTests.dataUri;
import static dev.concord.guild.emojis.EmojiImagesForTests.gif;
import static dev.concord.guild.emojis.EmojiImagesForTests.png;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** An application's own emoji: its bot and its owner manage them, names unique, 2,000 at most, gone with the application. */
class ApplicationEmojiIT extends GuildApiSupport {

    record App(Snowflake id, Snowflake owner) {
        String emojis() {
            return "/applications/" + id.asString() + "/emojis";
        }

        String emoji(Object emojiId) {
            return emojis() + "/" + emojiId;
        }
    }

    @Test
    void theBotAndTheOwnerManageTheApplicationsEmoji() {
        App app = newApplication();
        String bot = botToken(app.id());

        Response made = call(HttpMethod.POST, app.emojis(), bot, body("wave", dataUri("png", png(32, 32))));
        Response moving = call(
                HttpMethod.POST, app.emojis(), userToken(app.owner()), body("spin", dataUri("gif", gif(16, 16, 2))));

        assertThat(made.status()).isEqualTo(201);
        JsonNode emoji = made.body();
        assertThat(emoji.get("name").asString()).isEqualTo("wave");
        assertThat(emoji.get("user").get("id").asString())
                .as("always with the uploader")
                .isEqualTo(app.id().asString());
        assertThat(emoji.get("roles")).isEmpty();
        assertThat(emoji.get("require_colons").asBoolean()).isTrue();
        assertThat(emoji.get("managed").asBoolean()).isFalse();
        assertThat(emoji.get("available").asBoolean()).isTrue();
        assertThat(moving.body().get("animated").asBoolean()).isTrue();
        assertThat(count("SELECT count(*) FROM emojis WHERE application_id = :id", app.id()))
                .isEqualTo(2);

        JsonNode listed = call(HttpMethod.GET, app.emojis(), bot, null).body();
        assertThat(listed.get("items")).hasSize(2);
        assertThat(listed.get("items").get(1).get("user").get("id").asString())
                .isEqualTo(app.owner().asString());
        String id = emoji.get("id").asString();
        assertThat(as(app.owner(), HttpMethod.GET, app.emoji(id), null).body()).isEqualTo(emoji);
        assertThat(call(HttpMethod.PATCH, app.emoji(id), bot, "{\"name\": \"waving\"}")
                        .body()
                        .get("name")
                        .asString())
                .isEqualTo("waving");
        assertThat(call(HttpMethod.DELETE, app.emoji(id), bot, null).status()).isEqualTo(204);
        assertThat(call(HttpMethod.GET, app.emoji(id), bot, null).body())
                .isEqualTo(json("{\"message\": \"Unknown Emoji\", \"code\": 10014}"));
    }

    @Test
    void namesAreUniqueAndBadInputChangesNothing() {
        App app = newApplication();
        String bot = botToken(app.id());
        String image = dataUri("png", png(16, 16));
        String first = call(HttpMethod.POST, app.emojis(), bot, body("taken", image))
                .body()
                .get("id")
                .asString();
        String second = call(HttpMethod.POST, app.emojis(), bot, body("free", image))
                .body()
                .get("id")
                .asString();

        Response again = call(HttpMethod.POST, app.emojis(), bot, body("taken", image));
        Response renamed = call(HttpMethod.PATCH, app.emoji(second), bot, "{\"name\": \"taken\"}");
        Response badName = call(HttpMethod.POST, app.emojis(), bot, body("x", image));
        Response badImage = call(HttpMethod.POST, app.emojis(), bot, body("broken", "data:image/png;base64,AAAA"));

        for (Response refused : new Response[] {again, renamed}) {
            assertThat(refused.status()).isEqualTo(400);
            assertThat(refused.body().get("errors").get("name").toString())
                    .contains("APPLICATION_EMOJI_NAME_ALREADY_TAKEN");
        }
        assertThat(badName.body().get("errors").has("name")).isTrue();
        assertThat(badImage.body().get("errors").get("image").toString()).contains("IMAGE_INVALID");
        assertThat(call(HttpMethod.PATCH, app.emoji(first), bot, "{\"name\": null}")
                        .status())
                .isEqualTo(400);
        assertThat(count("SELECT count(*) FROM emojis WHERE application_id = :id", app.id()))
                .isEqualTo(2);
        assertThat(call(HttpMethod.GET, app.emoji(second), bot, null)
                        .body()
                        .get("name")
                        .asString())
                .isEqualTo("free");
    }

    @Test
    void nobodyElseSeesThemAndAnApplicationHoldsAtMost2000() {
        App app = newApplication();
        Snowflake stranger = newUser("stranger");
        App other = newApplication();
        String image = dataUri("png", png(16, 16));

        assertThat(call(HttpMethod.GET, app.emojis(), null, null).status()).isEqualTo(401);
        assertThat(as(stranger, HttpMethod.GET, app.emojis(), null).body())
                .isEqualTo(json("{\"message\": \"Missing Permissions\", \"code\": 50013}"));
        assertThat(call(HttpMethod.POST, app.emojis(), botToken(other.id()), body("sneaky", image))
                        .status())
                .isEqualTo(403);
        assertThat(as(stranger, HttpMethod.GET, "/applications/42/emojis", null).body())
                .isEqualTo(json("{\"message\": \"Unknown Application\", \"code\": 10002}"));

        db.sql("""
                        INSERT INTO emojis (id, application_id, name, user_id, animated, format, created_at)
                        SELECT :base + n, :app, 'e' || n, :app, false, 'png', now() FROM generate_series(1, 2000) n""")
                .bind("base", app.id().value() + 1_000_000)
                .bind("app", app.id().value())
                .then()
                .block();
        Response full = call(HttpMethod.POST, app.emojis(), botToken(app.id()), body("one_more", image));
        assertThat(full.body())
                .isEqualTo(json("{\"message\": \"Maximum number of emojis reached (2000)\", \"code\": 30008}"));

        publish(
                "identity.events",
                app.id().asString(),
                "APPLICATION_DELETE",
                Map.of("user_ids", List.of()),
                Map.of("id", app.id().asString(), "bot_user_id", app.id().asString()));
        await().atMost(Duration.ofSeconds(15))
                .until(() -> count("SELECT count(*) FROM emojis WHERE application_id = :id", app.id()) == 0);
        assertThat(as(app.owner(), HttpMethod.GET, app.emojis(), null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10002);
    }

    /** An application as identity.events announces it: its bot user's id is its id, as on the platform. */
    private App newApplication() {
        Snowflake owner = newUser("owner");
        Snowflake id = newUser("bot");
        publish(
                "identity.events",
                id.asString(),
                "APPLICATION_CREATE",
                Map.of("user_ids", List.of()),
                Map.of("id", id.asString(), "name", "app", "owner", Map.of("id", owner.asString())));
        await().atMost(Duration.ofSeconds(15))
                .until(() -> count("SELECT count(*) FROM application_owners WHERE id = :id", id) == 1);
        return new App(id, owner);
    }

    private static String body(String name, String image) {
        return "{\"name\": \"" + name + "\", \"image\": \"" + image + "\"}";
    }
}
