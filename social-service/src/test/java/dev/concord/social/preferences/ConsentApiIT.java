package dev.concord.social.preferences;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.ErrorPaths;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** GET and POST /users/@me/consent: the body, the stored row, no event; and what must change nothing. */
class ConsentApiIT extends PreferencesApiSupport {

    static final String PATH = "/users/@me/consent";
    static final JsonNode DEFAULTS =
            json("{\"personalization\": {\"consented\": true}, \"usage_statistics\": {\"consented\": true}}");

    Response get(Snowflake user) {
        return as(user, HttpMethod.GET, PATH, null);
    }

    Response post(Snowflake user, String body) {
        return as(user, HttpMethod.POST, PATH, body);
    }

    Map<String, Object> row(Snowflake user) {
        return row("user_consents", user, "personalization, usage_statistics");
    }

    @Test
    void aNewUserHasTheDefaultsAndNothingIsWritten() {
        Snowflake user = newUser();

        assertThat(get(user)).isEqualTo(new Response(200, DEFAULTS));
        assertThat(row(user)).isNull();
    }

    @Test
    void revokingAndGrantingAreStoredAndReturnedWithoutAnEvent() {
        Snowflake user = newUser();

        Response revoked = post(user, "{\"grant\": [], \"revoke\": [\"usage_statistics\"]}");

        JsonNode afterRevoke =
                json("{\"personalization\": {\"consented\": true}, \"usage_statistics\": {\"consented\": false}}");
        assertThat(revoked).isEqualTo(new Response(200, afterRevoke));
        assertThat(get(user).body()).isEqualTo(afterRevoke);
        Map<String, Object> stored = row(user);
        assertThat(stored.get("personalization")).isNull();
        assertThat(stored.get("usage_statistics")).isEqualTo(false);

        Response both = post(
                user, "{\"grant\": [\"usage_statistics\"], \"revoke\": [\"personalization\", \"personalization\"]}");

        JsonNode afterBoth =
                json("{\"personalization\": {\"consented\": false}, \"usage_statistics\": {\"consented\": true}}");
        assertThat(both).isEqualTo(new Response(200, afterBoth));
        assertThat(row(user)).isEqualTo(Map.of("personalization", false, "usage_statistics", true));
        assertNoEventsSoFar(user);
    }

    @Test
    void aRequestNamingNoTypeChangesNothing() {
        Snowflake user = newUser();

        assertThat(post(user, "{}")).isEqualTo(new Response(200, DEFAULTS));
        assertThat(post(user, "{\"grant\": [], \"revoke\": []}")).isEqualTo(new Response(200, DEFAULTS));
        assertThat(row(user)).isNull();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"grant\": [\"marketing\"]}                                   | grant.0",
                "{\"grant\": [\"usage_statistics\"], \"revoke\": [\"usage_statistics\"]} | revoke.0",
                "{\"grant\": \"personalization\"}                               | grant",
                "{\"revoke\": {\"personalization\": true}}                      | revoke",
                "{\"grant\": null}                                              | grant",
                "{\"grant\": [null]}                                            | grant.0",
                "{\"grant\": [true]}                                            | grant.0",
                "{\"grant\": [\"personalization\"], \"revoke\": [\"x\", \"y\"]}    | revoke.0,revoke.1"
            })
    void aBadBodyIsA400NamingTheFieldAndChangesNothing(String body, String fields) {
        Snowflake user = newUser();
        post(user, "{\"revoke\": [\"personalization\"]}");

        Response response = post(user, body);

        assertThat(ErrorPaths.of(errors(response))).containsOnlyKeys(fields.split(","));
        Map<String, Object> unchanged = new HashMap<>();
        unchanged.put("personalization", false);
        unchanged.put("usage_statistics", null);
        assertThat(row(user)).isEqualTo(unchanged);
        assertNoEventsSoFar(user);
    }

    @Test
    void anUnknownTypeIsNamedWithTheChoices() {
        Response response = post(newUser(), "{\"grant\": [\"marketing\"]}");

        assertThat(errors(response).at("/grant/0/_errors/0")).isEqualTo(json("""
                {"code": "BASE_TYPE_CHOICES", "message": "Value must be one of {'personalization', 'usage_statistics'}."}"""));
    }

    @ParameterizedTest
    @ValueSource(strings = {"not json", "", "[]"})
    void aBodyThatIsNotAnObjectIs50109(String body) {
        Response response = post(newUser(), body);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body().get("code").asInt()).isEqualTo(50109);
    }

    @ParameterizedTest
    @ValueSource(strings = {"GET", "POST"})
    void onlyAPersonsOwnSessionMayCall(String methodName) {
        HttpMethod method = HttpMethod.valueOf(methodName);
        Snowflake user = newUser();
        String body = method == HttpMethod.POST ? "{\"revoke\": [\"personalization\"]}" : null;

        assertOnlyAPersonsOwnSession(method, PATH, user, body);
        assertThat(row(user)).isNull();
    }
}
