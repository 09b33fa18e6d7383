package dev.concord.remoteauth.user;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.test.TestTokenKeys;
import dev.concord.remoteauth.support.Accounts.Account;
import dev.concord.remoteauth.support.Api.Response;
import dev.concord.remoteauth.support.ApiTestSupport;
import java.util.Collections;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** GET /internal/users?ids=...: the users other services' replicas miss, for the services' secret only. */
class InternalUsersApiIT extends ApiTestSupport {

    static final String INTERNAL = "Internal " + TestTokenKeys.internalSecret();

    @Test
    void answersTheUsersThatExistInOneCall() {
        Account one = accounts.register();
        Account two = accounts.register();

        Response response = api.get("/internal/users?ids=" + one.id() + "," + two.id() + ",1," + one.id(), INTERNAL);

        assertThat(response.status()).isEqualTo(200);
        assertThat(StreamSupport.stream(response.body().spliterator(), false)
                        .map(user -> user.get("id").asString()))
                .as("the unknown id left out, the repeat once")
                .containsExactlyInAnyOrder(one.id(), two.id());
        JsonNode user = StreamSupport.stream(response.body().spliterator(), false)
                .filter(u -> u.get("id").asString().equals(one.id()))
                .findFirst()
                .orElseThrow();
        assertThat(user.get("username").asString()).isEqualTo(one.username());
        assertThat(user.get("discriminator").asString()).isEqualTo("0");
        assertThat(user.has("email")).as("a partial user").isFalse();
    }

    @Test
    void answersTheUserOfAUsernameInAnyCase() {
        Account one = accounts.register();

        Response found = api.get("/internal/users?username=" + one.username().toUpperCase(), INTERNAL);
        Response unknown = api.get("/internal/users?username=nobody_here_at_all", INTERNAL);
        Response both = api.get("/internal/users?username=x&ids=" + one.id(), INTERNAL);
        Response tooLong = api.get("/internal/users?username=" + "x".repeat(33), INTERNAL);

        assertThat(found.status()).isEqualTo(200);
        assertThat(found.body()).hasSize(1);
        assertThat(found.body().get(0).get("id").asString()).isEqualTo(one.id());
        assertThat(unknown.body()).isEmpty();
        assertThat(both.status()).isEqualTo(400);
        assertThat(both.body().get("errors").has("ids")).isTrue();
        assertThat(tooLong.body().get("errors").has("username")).isTrue();
    }

    @Test
    void takesOnlyTheServicesSecret() {
        Account one = accounts.register();

        assertThat(api.get("/internal/users?ids=" + one.id(), one.token()).status())
                .isEqualTo(401);
        assertThat(api.get("/internal/users?ids=" + one.id(), null).status()).isEqualTo(401);
        assertThat(api.get("/internal/users?ids=" + one.id(), "Internal wrong").status())
                .isEqualTo(401);
    }

    @Test
    void refusesIdsThatAreNotSnowflakesAndTooManyOrNone() {
        for (String query : new String[] {"", "?ids=", "?ids=abc", "?ids=1,,2", "?ids=" + hundredAndOne()}) {
            Response refused = api.get("/internal/users" + query, INTERNAL);

            assertThat(refused.status()).as(query).isEqualTo(400);
            assertThat(refused.body().get("code").asInt()).isEqualTo(50035);
            assertThat(refused.body().get("errors").has("ids")).as(query).isTrue();
        }
        assertThat(api.get("/internal/users?ids=" + String.join(",", Collections.nCopies(100, "5")), INTERNAL)
                        .status())
                .isEqualTo(200);
    }

    private static String hundredAndOne() {
        StringBuilder ids = new StringBuilder();
        for (int i = 1; i <= 101; i++) {
            ids.append(i == 1 ? "" : ",").append(i);
        }
        return ids.toString();
    }
}
