package dev.concord.social.settings;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.social.Resources;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** GET and PATCH /users/@me/settings: the body, the stored row and the event, for valid requests. */
class SettingsApiIT extends SettingsApiSupport {

    static final JsonNode DEFAULTS = json(Resources.text("/settings/defaults.json"));

    @Test
    void aNewUserGetsTheDefaultsAndNothingIsWritten() {
        Snowflake user = newUser();

        Response response = get(user);

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body()).isEqualTo(DEFAULTS);
        assertThat(row(user)).isNull();
    }

    @Test
    void patchStoresAndPublishesOnlyTheFieldsItChanges() {
        Snowflake user = newUser();

        Response response = patch(user, """
                {"theme": "midnight", "afk_timeout": 600, "locale": "fr", "unknown_field": 1,
                 "custom_status": {"text": "Focus", "emoji_name": "🎧", "expires_at": "2099-01-01T00:00:00+01:00"},
                 "guild_folders": [{"guild_ids": ["81384788765712384", 290926798626357250], "id": 7, "name": "Dev", "color": 255}],
                 "guild_positions": ["290926798626357250", "81384788765712384"]}""");

        JsonNode changed = json("""
                {"theme": "midnight", "locale": "fr",
                 "custom_status": {"text": "Focus", "emoji_id": null, "emoji_name": "🎧", "expires_at": "2098-12-31T23:00:00Z"},
                 "guild_folders": [{"color": 255, "guild_ids": ["81384788765712384", "290926798626357250"], "id": 7, "name": "Dev"}],
                 "guild_positions": ["290926798626357250", "81384788765712384"]}""");
        ObjectNode expected = (ObjectNode) DEFAULTS.deepCopy();
        expected.setAll((ObjectNode) changed);
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body()).isEqualTo(expected);
        assertThat(get(user).body()).isEqualTo(expected);
        assertThat(row(user)).isEqualTo(new Row(changed, 1));
        JsonNode event = awaitSettingsUpdate(user, changed);
        assertThat(event.get("source").asString()).isEqualTo("social-service");
        assertThat(event.get("audience")).isEqualTo(json("{\"user_ids\": [\"" + user.asString() + "\"]}"));
    }

    @Test
    void aLaterPatchMergesAndNullClearsTheCustomStatus() {
        Snowflake user = newUser();
        patch(user, "{\"custom_status\": {\"text\": \"brb\"}, \"status\": \"idle\"}");

        Response response =
                patch(user, "{\"custom_status\": null, \"status\": \"idle\", \"restricted_guilds\": [\"42\"]}");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body().get("custom_status").isNull()).isTrue();
        assertThat(response.body().get("status").asString()).isEqualTo("idle");
        assertThat(row(user))
                .isEqualTo(new Row(
                        json("{\"status\": \"idle\", \"custom_status\": null, \"restricted_guilds\": [\"42\"]}"), 2));
        assertEventsSoFar(user, """
                {"custom_status": {"text": "brb", "emoji_id": null, "emoji_name": null, "expires_at": null}, "status": "idle"}""", "{\"custom_status\": null, \"restricted_guilds\": [\"42\"]}");
    }

    @Test
    void aCustomStatusTextIsStrippedAndOneOfOnlySpacesIsNoText() {
        Snowflake user = newUser();

        Response blank = patch(user, "{\"custom_status\": {\"text\": \" \\t\\n \"}}");

        assertThat(blank.status()).isEqualTo(200);
        assertThat(blank.body().get("custom_status").isNull())
                .as("nothing to show is no custom status")
                .isTrue();
        assertThat(row(user)).isNull();

        Response padded = patch(user, "{\"custom_status\": {\"text\": \"  brb  \", \"emoji_name\": \"☕\"}}");
        Response blankText = patch(user, "{\"custom_status\": {\"text\": \"   \", \"emoji_name\": \"☕\"}}");

        String stored =
                "{\"custom_status\": {\"text\": \"brb\", \"emoji_id\": null, \"emoji_name\": \"☕\", \"expires_at\": null}}";
        assertThat(padded.body().get("custom_status")).isEqualTo(json(stored).get("custom_status"));
        assertThat(blankText.body().at("/custom_status/text").isNull()).isTrue();
        assertThat(row(user).settings().at("/custom_status/text").isNull()).isTrue();
        // The blank one published nothing: the first event is the padded one's.
        assertEventsSoFar(
                user,
                stored,
                "{\"custom_status\": {\"text\": null, \"emoji_id\": null, \"emoji_name\": \"☕\", \"expires_at\": null}}");
    }

    @Test
    void aPatchThatChangesNothingWritesAndPublishesNothing() {
        Snowflake user = newUser();

        Response response = patch(
                user,
                "{\"theme\": \"dark\", \"afk_timeout\": 600, \"custom_status\": null, \"friend_source_flags\": {\"all\": true}}");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body()).isEqualTo(DEFAULTS);
        assertThat(row(user)).isNull();
        assertEventsSoFar(user);
    }

    @Test
    void concurrentFirstChangesOfOneUserAllLand() {
        Snowflake user = newUser();
        List<String> bodies = List.of(
                "{\"theme\": \"light\"}",
                "{\"locale\": \"de\"}",
                "{\"afk_timeout\": 120}",
                "{\"message_display_compact\": true}",
                "{\"timezone_offset\": -300}");

        List<CompletableFuture<Response>> calls = IntStream.range(0, bodies.size())
                .mapToObj(i -> CompletableFuture.supplyAsync(() -> patch(user, bodies.get(i))))
                .toList();
        calls.forEach(call -> assertThat(call.join().status()).isEqualTo(200));

        assertThat(row(user)).isEqualTo(new Row(json("""
                {"theme": "light", "locale": "de", "afk_timeout": 120, "message_display_compact": true, "timezone_offset": -300}"""), 5));
    }

    @Test
    void racingIdenticalChangesWriteAndPublishOnce() {
        Snowflake user = newUser();
        patch(user, "{\"locale\": \"de\"}");

        List<CompletableFuture<Response>> calls = IntStream.range(0, 6)
                .mapToObj(i -> CompletableFuture.supplyAsync(() -> patch(user, "{\"theme\": \"light\"}")))
                .toList();
        calls.forEach(
                call -> assertThat(call.join().body().get("theme").asString()).isEqualTo("light"));

        assertThat(row(user)).isEqualTo(new Row(json("{\"locale\": \"de\", \"theme\": \"light\"}"), 2));
        assertEventsSoFar(user, "{\"locale\": \"de\"}", "{\"theme\": \"light\"}");
    }

    @Test
    void racingChangesOfAnExistingRowEachPublishWhatTheyChanged() {
        Snowflake user = newUser();
        patch(user, "{\"locale\": \"de\"}");
        List<String> bodies = List.of(
                "{\"theme\": \"light\"}",
                "{\"afk_timeout\": 120}",
                "{\"message_display_compact\": true}",
                "{\"timezone_offset\": -300}",
                "{\"status\": \"idle\"}");

        List<CompletableFuture<Response>> calls = bodies.stream()
                .map(body -> CompletableFuture.supplyAsync(() -> patch(user, body)))
                .toList();
        calls.forEach(call -> assertThat(call.join().status()).isEqualTo(200));

        assertThat(row(user)).isEqualTo(new Row(json("""
                {"locale": "de", "theme": "light", "afk_timeout": 120, "message_display_compact": true,
                 "timezone_offset": -300, "status": "idle"}"""), 6));
        bodies.forEach(body -> awaitSettingsUpdate(user, json(body)));
    }
}
