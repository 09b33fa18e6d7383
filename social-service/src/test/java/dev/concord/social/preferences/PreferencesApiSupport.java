package dev.concord.social.preferences;

import static dev.concord.platform.events.EventTypes.USER_SETTINGS_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.social.SocialApiSupport;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Consents and e-mail settings of the running service; each test works on users of its own. */
abstract class PreferencesApiSupport extends SocialApiSupport {

    /** The stored row's columns by name, or null when the user has none. */
    Map<String, Object> row(String table, Snowflake user, String columns) {
        return db.sql("SELECT " + columns + " FROM " + table + " WHERE user_id = :user")
                .bind("user", user.value())
                .fetch()
                .one()
                .block(Duration.ofSeconds(5));
    }

    /**
     * Proves that nothing was published for {@code user} so far: makes a settings change, which publishes
     * one event keyed by the user, and checks it is the user's only event. One user's events share a
     * key and so arrive in order: anything published earlier would show up before the probe.
     */
    void assertNoEventsSoFar(Snowflake user) {
        Response probe = as(user, HttpMethod.PATCH, "/users/@me/settings", "{\"developer_mode\": true}");
        assertThat(probe.status()).isEqualTo(200);
        awaitEvent(USER_SETTINGS_UPDATE, user, e -> true);
        List<String> types = events.all().stream()
                .filter(e -> e.path("audience").path("user_ids").valueStream().anyMatch(id -> id.asString()
                        .equals(user.asString())))
                .map(e -> e.path("type").asString())
                .toList();
        assertThat(types).containsExactly(USER_SETTINGS_UPDATE);
    }

    static JsonNode errors(Response response) {
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body().path("code").asInt()).isEqualTo(50035);
        return response.body().get("errors");
    }
}
