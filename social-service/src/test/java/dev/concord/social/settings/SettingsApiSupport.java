package dev.concord.social.settings;

import static dev.concord.platform.events.EventTypes.USER_SETTINGS_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.social.SocialApiSupport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** The settings resource of the running service; each test works on users of its own. */
abstract class SettingsApiSupport extends SocialApiSupport {

    static final String PATH = "/users/@me/settings";

    /** The stored row: the document of changes and the write count. */
    record Row(JsonNode settings, long version) {}

    Response call(HttpMethod method, String authorization, String body) {
        return call(method, PATH, authorization, body);
    }

    Response get(Snowflake user) {
        return call(HttpMethod.GET, userToken(user), null);
    }

    Response patch(Snowflake user, String body) {
        return call(HttpMethod.PATCH, userToken(user), body);
    }

    Row row(Snowflake user) {
        return db.sql("SELECT settings::text AS settings, version FROM user_settings WHERE user_id = :user")
                .bind("user", user.value())
                .map(r ->
                        new Row(Json.mapper().readTree(r.get("settings", String.class)), r.get("version", Long.class)))
                .one()
                .block(Duration.ofSeconds(5));
    }

    /** The user's settings update carrying exactly {@code data}. */
    JsonNode awaitSettingsUpdate(Snowflake user, JsonNode data) {
        return events.awaitOne(
                e -> isSettingsUpdateFor(e, user) && e.get("data").equals(data), Duration.ofSeconds(15));
    }

    /**
     * Proves that {@code user}'s only events so far carried {@code earlier} (in order): makes one more
     * valid change and checks the events up to its own. One user's events share a key, so they arrive in
     * order: anything a rejected request had published would show up before the probe.
     */
    void assertEventsSoFar(Snowflake user, String... earlier) {
        assertThat(patch(user, "{\"developer_mode\": true}").status()).isEqualTo(200);
        awaitSettingsUpdate(user, json("{\"developer_mode\": true}"));
        List<JsonNode> expected =
                new ArrayList<>(Stream.of(earlier).map(SettingsApiSupport::json).toList());
        expected.add(json("{\"developer_mode\": true}"));
        assertThat(events.all().stream()
                        .filter(e -> isSettingsUpdateFor(e, user))
                        .map(e -> e.get("data"))
                        .toList())
                .isEqualTo(expected);
    }

    private static boolean isSettingsUpdateFor(JsonNode event, Snowflake user) {
        return event.path("type").asString().equals(USER_SETTINGS_UPDATE)
                && event.path("audience").path("user_ids").path(0).asString().equals(user.asString());
    }
}
