package dev.concord.remoteauth.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import dev.concord.remoteauth.support.Accounts;
import dev.concord.remoteauth.support.Accounts.Account;
import dev.concord.remoteauth.support.Api.Response;
import dev.concord.remoteauth.support.ApiTestSupport;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.http.HttpMethod;

/** POST /auth/login and its rate limits. Each test logs in from an address of its own. */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"concord.login-limits.address-attempts=8", "concord.login-limits.account-failures=3"})
class LoginApiIT extends ApiTestSupport {

    private static final AtomicInteger ADDRESSES = new AtomicInteger();

    @Test
    void logsInWithUsernameOrEmail() {
        Account account = accounts.register();
        String address = newAddress();

        Response byName = login(address, account.username(), Accounts.PASSWORD);
        Response byEmail = login(address, account.email().toUpperCase(Locale.ROOT), Accounts.PASSWORD);

        for (Response response : new Response[] {byName, byEmail}) {
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.body().propertyNames()).containsExactlyInAnyOrder("user_id", "token");
            assertThat(response.body().path("user_id").asString()).isEqualTo(account.id());
            String token = response.body().path("token").asString();
            assertThat(token).isNotEqualTo(account.token());
            assertThat(api.get("/users/@me", token).body().path("id").asString())
                    .isEqualTo(account.id());
        }
    }

    @Test
    void wrongPasswordAndUnknownLoginGetTheSameAnswer() {
        Account account = accounts.register();
        String address = newAddress();

        Response wrongPassword = login(address, account.username(), "not the password");
        Response unknownLogin = login(address, "nobody_" + account.username(), Accounts.PASSWORD);

        for (Response response : new Response[] {wrongPassword, unknownLogin}) {
            assertThat(response.status()).isEqualTo(400);
            assertThat(response.body().path("code").asInt()).isEqualTo(50035);
            assertThat(response.errorCode("login")).isEqualTo("INVALID_LOGIN");
            assertThat(response.errorCode("password")).isEqualTo("INVALID_LOGIN");
            assertThat(response.body().at("/errors/login/_errors/0/message").asString())
                    .isEqualTo("Login or password is invalid.");
        }
        assertThat(wrongPassword.body()).isEqualTo(unknownLogin.body());
    }

    @Test
    void requiresBothFields() {
        Response response = api.call(HttpMethod.POST, "/auth/login", null, Map.of(), newAddress());

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.errorCode("login")).isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(response.errorCode("password")).isEqualTo("BASE_TYPE_REQUIRED");
    }

    @Test
    void failedAttemptsLockTheAccountFromEveryAddress() {
        Account account = accounts.register();
        for (int i = 0; i < 3; i++) {
            assertThat(login(newAddress(), account.username(), "wrong password " + i)
                            .status())
                    .isEqualTo(400);
        }

        Response locked = login(newAddress(), account.username(), Accounts.PASSWORD);

        assertRateLimited(locked, "login-account", 3, 300);
        assertThat(login(newAddress(), account.email(), Accounts.PASSWORD).status())
                .isEqualTo(429);
    }

    @Test
    void successfulLoginsDoNotCountAsFailures() {
        Account account = accounts.register();
        for (int i = 0; i < 5; i++) {
            assertThat(login(newAddress(), account.username(), Accounts.PASSWORD)
                            .status())
                    .isEqualTo(200);
        }
    }

    @Test
    void oneAddressGetsLimitedAcrossAccounts() {
        String address = newAddress();
        for (int i = 0; i < 8; i++) {
            assertThat(login(address, "unknown_" + i + "_" + address.replace('.', '_'), "whatever pw")
                            .status())
                    .isEqualTo(400);
        }

        Response limited = login(address, "someone_else", "whatever pw");

        assertRateLimited(limited, "login-address", 8, 60);
        assertThat(login(newAddress(), "someone_else", "whatever pw").status())
                .as("other addresses")
                .isEqualTo(400);
    }

    private void assertRateLimited(Response response, String bucket, int limit, int windowSeconds) {
        assertThat(response.status()).isEqualTo(429);
        assertThat(response.body().path("message").asString()).isEqualTo("You are being rate limited.");
        assertThat(response.body().path("global").asBoolean(true)).isFalse();
        double retryAfter = response.body().path("retry_after").asDouble();
        assertThat(retryAfter).isGreaterThan(0).isLessThanOrEqualTo(windowSeconds);
        assertThat(response.headers().getFirst("Retry-After")).isEqualTo(Long.toString((long) Math.ceil(retryAfter)));
        assertThat(response.headers().getFirst("X-RateLimit-Limit")).isEqualTo(Integer.toString(limit));
        assertThat(response.headers().getFirst("X-RateLimit-Remaining")).isEqualTo("0");
        assertThat(Double.parseDouble(response.headers().getFirst("X-RateLimit-Reset-After")))
                .isCloseTo(retryAfter, offset(0.01));
        assertThat(Double.parseDouble(response.headers().getFirst("X-RateLimit-Reset")))
                .isGreaterThan(System.currentTimeMillis() / 1000.0 - 1);
        assertThat(response.headers().getFirst("X-RateLimit-Bucket")).isEqualTo(bucket);
        assertThat(response.headers().getFirst("X-RateLimit-Scope")).isEqualTo("user");
    }

    private Response login(String address, String login, String password) {
        return api.call(HttpMethod.POST, "/auth/login", null, Map.of("login", login, "password", password), address);
    }

    /** Documentation range addresses (RFC 5737), one per call. */
    private static String newAddress() {
        int n = ADDRESSES.incrementAndGet();
        return "198.51." + (n / 250) + "." + (n % 250 + 1);
    }
}
