package dev.concord.platform.test.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResponseValidatorTest {

    private static final String USER = """
            {"id":"80351110224678912","username":"nelly","discriminator":"0","global_name":null,"avatar":null,
             "public_flags":0,"flags":0,"primary_guild":null}""";

    private final ResponseTally tally = new ResponseTally();
    private final ResponseValidator validator = new ResponseValidator(PlatformSpec.shared(), tally);

    @Test
    void aUserWithEveryRequiredFieldFits() {
        assertThatCode(() -> check("GET", "/users/80351110224678912", 200, USER))
                .doesNotThrowAnyException();
        assertThat(tally.report()).contains("  GET /users/{user_id} 200 (get_user) x1");
    }

    @Test
    void aMissingRequiredFieldFails() {
        String withoutFlags = USER.replace("\"flags\":0,", "");
        assertThatThrownBy(() -> check("GET", "/users/80351110224678912", 200, withoutFlags))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("get_user")
                .hasMessageContaining("flags");
    }

    @Test
    void aMistypedFieldFails() {
        String numericId = USER.replace("\"80351110224678912\"", "80351110224678912");
        assertThatThrownBy(() -> check("GET", "/users/80351110224678912", 200, numericId))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("/id")
                .hasMessageContaining("string");
    }

    @Test
    void refsIntoOtherSchemasAreFollowed() {
        String badPrimaryGuild =
                USER.replace("\"primary_guild\":null", "\"primary_guild\":{\"identity_enabled\":\"yes\"}");
        assertThatThrownBy(() -> check("GET", "/users/@me", 200, badPrimaryGuild))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("primary_guild");
    }

    @Test
    void aLiteralSegmentOfTheDescriptionWinsOverAParameter() {
        assertThat(PlatformSpec.shared().operation("GET", "/users/@me"))
                .extracting(PlatformSpec.Operation::id)
                .isEqualTo("get_my_user");
        assertThat(PlatformSpec.shared().operation("GET", "/users/1"))
                .extracting(PlatformSpec.Operation::id)
                .isEqualTo("get_user");
    }

    @Test
    void aStatusTheDescriptionDoesNotGiveFails() {
        assertThatThrownBy(() -> check("GET", "/users/80351110224678912", 201, USER))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("[200]");
    }

    @Test
    void aListedOtherStatusIsValidatedAgainstTheDescriptionsStatus() {
        ResponseValidator differing = new ResponseValidator(
                PlatformSpec.shared(),
                tally,
                List.of(new SpecDifferences.OtherStatus("get_user", 201, 200, "only for this test")));
        byte[] user = USER.getBytes(StandardCharsets.UTF_8);

        assertThatCode(() -> differing.check("GET", "/users/1", 201, user)).doesNotThrowAnyException();
        assertThatThrownBy(() -> differing.check("GET", "/users/1", 201, "{}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("username");
    }

    @Test
    void routesTheDescriptionDoesNotHaveAreCountedAsSkipped() {
        check("GET", "/internal/guilds/42/members", 200, "{}");
        assertThat(tally.report()).contains("  GET /internal/guilds/{id}/members x1");
    }

    private void check(String method, String path, int status, String body) {
        validator.check(method, path, status, body.getBytes(StandardCharsets.UTF_8));
    }
}
