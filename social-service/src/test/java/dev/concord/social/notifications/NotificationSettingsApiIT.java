package dev.concord.social.notifications;

import static dev.concord.platform.events.EventTypes.NOTIFICATION_SETTINGS_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.ErrorPaths;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** PATCH /users/@me/notification-settings: the body, the stored row and the event. */
class NotificationSettingsApiIT extends NotificationApiSupport {

    Response patch(Snowflake user, String body) {
        return as(user, HttpMethod.PATCH, NOTIFICATION_SETTINGS, body);
    }

    Integer storedFlags(Snowflake user) {
        return db.sql("SELECT flags FROM notification_settings WHERE user_id = :user")
                .bind("user", user.value())
                .map(row -> row.get("flags", Integer.class))
                .one()
                .block(Duration.ofSeconds(5));
    }

    @Test
    void setsTheFlagsAndTellsTheUsersSessions() {
        Snowflake user = newUser();

        Response response = patch(user, "{\"flags\": 48}");

        assertThat(response).isEqualTo(new Response(200, json("{\"flags\": 48}")));
        assertThat(storedFlags(user)).isEqualTo(48);
        JsonNode event = awaitEvent(NOTIFICATION_SETTINGS_UPDATE, user, e -> true);
        assertThat(event.get("data")).isEqualTo(json("{\"flags\": 48}"));
        assertThat(event.get("audience")).isEqualTo(json("{\"user_ids\": [\"" + user.asString() + "\"]}"));
        assertThat(event.get("source").asString()).isEqualTo("social-service");
    }

    @Test
    void itReplacesTheSettingsSoAnOmittedOrNullFlagsIsTheDefault() {
        Snowflake user = newUser();
        patch(user, "{\"flags\": 16}");

        assertThat(patch(user, "{}")).isEqualTo(new Response(200, json("{\"flags\": 0}")));
        assertThat(storedFlags(user)).isEqualTo(0);
        assertThat(patch(user, "{\"flags\": 32}").status()).isEqualTo(200);
        assertThat(patch(user, "{\"flags\": null}")).isEqualTo(new Response(200, json("{\"flags\": 0}")));

        assertThat(storedFlags(user)).isEqualTo(0);
        assertThat(eventsSoFar(user).stream().map(e -> e.get("data")).toList())
                .isEqualTo(List.of(
                        json("{\"flags\": 16}"),
                        json("{\"flags\": 0}"),
                        json("{\"flags\": 32}"),
                        json("{\"flags\": 0}")));
    }

    @Test
    void settingTheFlagsAUserAlreadyHasWritesAndPublishesNothing() {
        Snowflake user = newUser();

        assertThat(patch(user, "{\"flags\": 0}")).isEqualTo(new Response(200, json("{\"flags\": 0}")));
        assertThat(storedFlags(user)).isNull();
        patch(user, "{\"flags\": 16}");
        assertThat(patch(user, "{\"flags\": 16}")).isEqualTo(new Response(200, json("{\"flags\": 16}")));

        assertThat(eventsSoFar(user).stream().map(e -> e.get("data")).toList())
                .isEqualTo(List.of(json("{\"flags\": 16}")));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"flags\": 1}             | flags | BASE_TYPE_BAD_FLAGS",
                "{\"flags\": 64}            | flags | BASE_TYPE_BAD_FLAGS",
                "{\"flags\": -16}           | flags | BASE_TYPE_BAD_FLAGS",
                "{\"flags\": \"16\"}        | flags | NUMBER_TYPE_COERCE",
                "{\"flags\": 16.5}          | flags | NUMBER_TYPE_COERCE",
                "{\"flags\": 99999999999}   | flags | NUMBER_TYPE_MAX"
            })
    void badFlagsAreA400NamingTheFieldAndChangeNothing(String body, String field, String code) {
        Snowflake user = newUser();
        patch(user, "{\"flags\": 16}");

        Response response = patch(user, body);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body().get("code").asInt()).isEqualTo(50035);
        assertThat(ErrorPaths.of(response.body().get("errors"))).isEqualTo(java.util.Map.of(field, List.of(code)));
        assertThat(storedFlags(user)).isEqualTo(16);
        assertThat(eventsSoFar(user).stream().map(e -> e.get("data")).toList())
                .isEqualTo(List.of(json("{\"flags\": 16}")));
    }

    @Test
    void aBodyThatIsNotJsonIs50109() {
        Snowflake user = newUser();

        assertThat(patch(user, "{\"flags\": ").body().get("code").asInt()).isEqualTo(50109);
        assertThat(patch(user, null).body().get("code").asInt()).isEqualTo(50109);
        assertThat(storedFlags(user)).isNull();
    }

    @Test
    void onlyAPersonsOwnSessionMayCall() {
        Snowflake user = newUser();
        String body = "{\"flags\": 16}";

        assertOnlyAPersonsOwnSession(HttpMethod.PATCH, NOTIFICATION_SETTINGS, user, body);
        assertThat(storedFlags(user)).isNull();
        assertThat(eventsSoFar(user)).isEmpty();
    }
}
