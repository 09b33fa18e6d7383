package dev.concord.social.preferences;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.ErrorPaths;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** GET and PATCH /users/@me/email-settings: the body, the stored row, no event; and what must change nothing. */
class EmailSettingsApiIT extends PreferencesApiSupport {

    static final String PATH = "/users/@me/email-settings";
    static final JsonNode DEFAULTS = json("""
            {"initialized": false, "categories": {"communication": true, "social": true, "recommendations_and_events": false,
             "tips": false, "updates_and_announcements": false, "family_center_digest": false}}""");

    Response get(Snowflake user) {
        return as(user, HttpMethod.GET, PATH, null);
    }

    Response patch(Snowflake user, String body) {
        return as(user, HttpMethod.PATCH, PATH, body);
    }

    /** The stored row as JSON text columns, or null. */
    Map<String, Object> row(Snowflake user) {
        return row("user_email_settings", user, "initialized, categories::text AS categories");
    }

    static JsonNode defaultsWith(boolean initialized, String categories) {
        ObjectNode expected = (ObjectNode) DEFAULTS.deepCopy();
        expected.put("initialized", initialized);
        ((ObjectNode) expected.get("categories")).setAll((ObjectNode) json(categories));
        return expected;
    }

    @Test
    void aNewUserHasTheDefaultsAndNothingIsWritten() {
        Snowflake user = newUser();

        assertThat(get(user)).isEqualTo(new Response(200, DEFAULTS));
        assertThat(row(user)).isNull();
    }

    @Test
    void aPatchOfOneCategoryStoresItAndInitializesWithoutAnEvent() {
        Snowflake user = newUser();

        Response response = patch(user, "{\"settings\": {\"categories\": {\"tips\": true}}}");

        JsonNode expected = defaultsWith(true, "{\"tips\": true}");
        assertThat(response).isEqualTo(new Response(200, expected));
        assertThat(get(user).body()).isEqualTo(expected);
        assertThat(row(user).get("initialized")).isEqualTo(true);
        assertThat(json((String) row(user).get("categories"))).isEqualTo(json("{\"tips\": true}"));
        assertNoEventsSoFar(user);
    }

    @Test
    void laterPatchesMergeAndAnExplicitInitializedIsKept() {
        Snowflake user = newUser();
        patch(user, "{\"settings\": {\"categories\": {\"tips\": true, \"social\": false}}}");

        Response response = patch(
                user,
                "{\"settings\": {\"initialized\": false, \"categories\": {\"tips\": false, \"family_center_digest\": true}}}");

        JsonNode expected = defaultsWith(false, "{\"social\": false, \"family_center_digest\": true}");
        assertThat(response).isEqualTo(new Response(200, expected));
        assertThat(row(user).get("initialized")).isEqualTo(false);
        assertThat(json((String) row(user).get("categories")))
                .isEqualTo(json("{\"tips\": false, \"social\": false, \"family_center_digest\": true}"));
        assertThat(patch(user, "{\"settings\": {}}").body())
                .isEqualTo(defaultsWith(true, "{\"social\": false, \"family_center_digest\": true}"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "{}                                                            | settings",
                "{\"settings\": null}                                          | settings",
                "{\"settings\": true}                                          | settings",
                "{\"settings\": {\"categories\": {\"newsletter\": true}}}      | settings.categories.newsletter",
                "{\"settings\": {\"categories\": {\"tips\": \"yes\"}}}         | settings.categories.tips",
                "{\"settings\": {\"categories\": {\"tips\": null}}}             | settings.categories.tips",
                "{\"settings\": {\"categories\": [\"tips\"]}}                  | settings.categories",
                "{\"settings\": {\"categories\": null}}                        | settings.categories",
                "{\"settings\": {\"initialized\": 1}}                          | settings.initialized",
                "{\"settings\": {\"initialized\": null, \"categories\": {\"x\": true}}} | settings.initialized,settings.categories.x"
            })
    void aBadBodyIsA400NamingTheFieldAndChangesNothing(String body, String fields) {
        Snowflake user = newUser();
        patch(user, "{\"settings\": {\"categories\": {\"social\": false}}}");
        Map<String, Object> before = row(user);

        Response response = patch(user, body);

        assertThat(ErrorPaths.of(errors(response))).containsOnlyKeys(fields.split(","));
        assertThat(row(user)).isEqualTo(before);
        assertNoEventsSoFar(user);
    }

    @Test
    void anUnknownCategoryIsNamedWithTheChoices() {
        Response response = patch(newUser(), "{\"settings\": {\"categories\": {\"newsletter\": true}}}");

        assertThat(errors(response)
                        .at("/settings/categories/newsletter/_errors/0/code")
                        .asString())
                .isEqualTo("BASE_TYPE_CHOICES");
    }

    @ParameterizedTest
    @ValueSource(strings = {"not json", "", "[]"})
    void aBodyThatIsNotAnObjectIs50109(String body) {
        Response response = patch(newUser(), body);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body().get("code").asInt()).isEqualTo(50109);
    }

    @ParameterizedTest
    @ValueSource(strings = {"GET", "PATCH"})
    void onlyAPersonsOwnSessionMayCall(String methodName) {
        HttpMethod method = HttpMethod.valueOf(methodName);
        Snowflake user = newUser();
        String body = method == HttpMethod.PATCH ? "{\"settings\": {\"categories\": {\"tips\": true}}}" : null;

        assertOnlyAPersonsOwnSession(method, PATH, user, body);
        assertThat(row(user)).isNull();
    }
}
