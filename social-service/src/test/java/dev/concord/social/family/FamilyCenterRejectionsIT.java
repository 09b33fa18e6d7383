package dev.concord.social.family;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.http.HttpMethod;

/** Every Family Center endpoint is a person's own: no token is 401, a bot's or an application's is 403. */
class FamilyCenterRejectionsIT extends FamilyApiSupport {

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "GET, /family-center/@me",
        "GET, /family-center/@me/link-code",
        "GET, /users/@me/linked-users",
        "POST, /users/@me/linked-users",
        "PATCH, /users/@me/linked-users"
    })
    void onlyAPersonsOwnSessionMayCall(String methodName, String path) {
        HttpMethod method = HttpMethod.valueOf(methodName);
        Snowflake user = newKnownUser();
        Snowflake teen = newKnownUser();
        String code = linkCode(teen);
        String body =
                switch (methodName) {
                    case "POST" -> "{\"recipient_id\": \"%s\", \"code\": \"%s\"}".formatted(teen.asString(), code);
                    case "PATCH" -> "{\"link_status\": 3, \"linked_user_id\": \"%s\"}".formatted(teen.asString());
                    default -> null;
                };

        assertOnlyAPersonsOwnSession(method, path, user, body);
        assertThat(call(method, path, "not-a-token", body).status()).isEqualTo(401);

        assertThat(linkCount(user)).isZero();
        assertThat(hasCode(user)).isFalse();
        assertThat(hasCode(teen)).as("the teen's code is still unused").isTrue();
    }
}
