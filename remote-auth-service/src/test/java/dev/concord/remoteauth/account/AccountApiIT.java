package dev.concord.remoteauth.account;

import static dev.concord.platform.events.EventTypes.USER_CREATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.remoteauth.support.Accounts;
import dev.concord.remoteauth.support.Accounts.Account;
import dev.concord.remoteauth.support.Api.Response;
import dev.concord.remoteauth.support.ApiTestSupport;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** POST /auth/register and /auth/logout against real PostgreSQL, Redis and Kafka. */
class AccountApiIT extends ApiTestSupport {

    @Test
    void registerCreatesTheAccountAndAnnouncesIt() {
        String username = Accounts.uniqueName("new.user");
        Response response = api.post(
                "/auth/register",
                null,
                Map.of(
                        "username",
                        username,
                        "password",
                        Accounts.PASSWORD,
                        "email",
                        username + "@Example.org",
                        "global_name",
                        "New User"));

        assertThat(response.status()).isEqualTo(201);
        assertThat(response.body().propertyNames()).containsExactly("token");
        String token = response.body().path("token").asString();
        String id = Accounts.userIdOf(token);
        assertThat(api.get("/users/@me", token).body().path("username").asString())
                .isEqualTo(username);

        Map<String, Object> row = rows.user(id);
        assertThat(row)
                .containsEntry("username", username)
                .containsEntry("email", username + "@Example.org")
                .containsEntry("global_name", "New User")
                .containsEntry("verified", false)
                .containsEntry("bot", false);
        assertThat((String) row.get("password_hash"))
                .startsWith("$argon2id$v=19$m=19456,t=2,p=1$")
                .doesNotContain(Accounts.PASSWORD);

        JsonNode event = events.awaitOne(
                e -> e.path("type").asString().equals(USER_CREATE)
                        && e.path("data").path("id").asString().equals(id),
                Duration.ofSeconds(15));
        assertThat(event.path("source").asString()).isEqualTo("remote-auth-service");
        assertThat(event.path("audience").path("user_ids").isArray()).isTrue();
        assertThat(event.path("audience").path("user_ids").isEmpty()).isTrue();
        JsonNode data = event.path("data");
        assertThat(data.path("username").asString()).isEqualTo(username);
        assertThat(data.path("discriminator").asString()).isEqualTo("0");
        assertThat(data.path("global_name").asString()).isEqualTo("New User");
        assertThat(data.path("avatar").isNull()).isTrue();
        assertThat(data.path("bot").asBoolean(true)).isFalse();
        assertThat(data.has("email"))
                .as("USER_CREATE goes to other services: no email")
                .isFalse();
    }

    @Test
    void registerWithoutOptionalFields() {
        String username = Accounts.uniqueName("minimal");
        Response response =
                api.post("/auth/register", null, Map.of("username", username, "password", Accounts.PASSWORD));

        assertThat(response.status()).isEqualTo(201);
        Map<String, Object> row =
                rows.user(Accounts.userIdOf(response.body().path("token").asString()));
        assertThat(row.get("email")).isNull();
        assertThat(row.get("global_name")).isNull();
    }

    @Test
    void registerRefusesEachBrokenLimitNamingTheField() {
        String ok = Accounts.uniqueName("limits");
        assertRegisterRefused(
                body("Has Upper", Accounts.PASSWORD, null, null), "username", "USERNAME_INVALID_CONTAINS");
        assertRegisterRefused(
                body("dots..here", Accounts.PASSWORD, null, null), "username", "USERNAME_INVALID_CONTAINS");
        assertRegisterRefused(body("x", Accounts.PASSWORD, null, null), "username", "BASE_TYPE_BAD_LENGTH");
        assertRegisterRefused(body("a".repeat(33), Accounts.PASSWORD, null, null), "username", "BASE_TYPE_BAD_LENGTH");
        assertRegisterRefused(body(null, Accounts.PASSWORD, null, null), "username", "BASE_TYPE_REQUIRED");
        assertRegisterRefused(body(ok, "short", null, null), "password", "PASSWORD_TOO_SHORT");
        assertRegisterRefused(body(ok, "p".repeat(73), null, null), "password", "BASE_TYPE_BAD_LENGTH");
        assertRegisterRefused(body(ok, null, null, null), "password", "BASE_TYPE_REQUIRED");
        assertRegisterRefused(body(ok, Accounts.PASSWORD, "not-an-email", null), "email", "EMAIL_TYPE_INVALID_EMAIL");
        assertRegisterRefused(
                body(ok, Accounts.PASSWORD, "a".repeat(250) + "@example.org", null), "email", "BASE_TYPE_BAD_LENGTH");
        assertRegisterRefused(body(ok, Accounts.PASSWORD, null, ""), "global_name", "BASE_TYPE_BAD_LENGTH");
        assertRegisterRefused(body(ok, Accounts.PASSWORD, null, "g".repeat(33)), "global_name", "BASE_TYPE_BAD_LENGTH");
        assertRegisterRefused(
                Map.of("username", Map.of(), "password", Accounts.PASSWORD), "username", "BASE_TYPE_STRING");
        assertThat(rows.count("SELECT count(*) FROM users WHERE username = '" + ok + "'"))
                .isZero();
    }

    @Test
    void registerRefusesTakenUsernamesAndEmails() {
        Account existing = accounts.register();

        Response both = api.post(
                "/auth/register",
                null,
                body(existing.username(), Accounts.PASSWORD, existing.email().toUpperCase(Locale.ROOT), null));
        assertThat(both.status()).isEqualTo(400);
        assertThat(both.body().path("code").asInt()).isEqualTo(50035);
        assertThat(both.errorCode("username")).isEqualTo("USERNAME_ALREADY_TAKEN");
        assertThat(both.body().at("/errors/username/_errors/0/message").asString())
                .isEqualTo("Username is unavailable. Try adding numbers, letters, underscores _ , or periods.");
        assertThat(both.errorCode("email")).isEqualTo("EMAIL_ALREADY_REGISTERED");
        assertThat(both.body().at("/errors/email/_errors/0/message").asString())
                .isEqualTo("Email is already registered.");

        Response emailOnly = api.post(
                "/auth/register", null, body(Accounts.uniqueName("other"), Accounts.PASSWORD, existing.email(), null));
        assertThat(emailOnly.errorCode("email")).isEqualTo("EMAIL_ALREADY_REGISTERED");
        assertThat(emailOnly.body().path("errors").has("username")).isFalse();
        assertThat(rows.count("SELECT count(*) FROM users WHERE lower(email) = lower('" + existing.email() + "')"))
                .isEqualTo(1);
    }

    @Test
    void registerAnswersBadJsonWith50109() {
        Response response = api.post("/auth/register", null, "{\"username\": ");

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body().path("code").asInt()).isEqualTo(50109);
    }

    @Test
    void logoutRevokesExactlyThatToken() {
        Account account = accounts.register();
        String other = api.post("/auth/login", null, Map.of("login", account.username(), "password", Accounts.PASSWORD))
                .body()
                .path("token")
                .asString();

        Response logout = api.post("/auth/logout", account.token(), null);

        assertThat(logout.status()).isEqualTo(204);
        assertThat(logout.body().isMissingNode()).isTrue();
        assertThat(api.get("/users/@me", account.token()).status()).isEqualTo(401);
        assertThat(api.get("/users/" + account.id(), account.token()).status()).isEqualTo(401);
        assertThat(api.post("/auth/logout", account.token(), null).status()).isEqualTo(401);
        assertThat(api.get("/users/@me", other).status()).isEqualTo(200);
        Map<String, String> revoked = redis.hgetall(redisPrefix + "auth:revoked-tokens")
                .collectMap(kv -> kv.getKey(), kv -> kv.getValue(), HashMap::new)
                .block();
        assertThat(revoked).containsValue(account.id());
    }

    @Test
    void logoutNeedsAPersonsToken() {
        assertThat(api.post("/auth/logout", null, null).status()).isEqualTo(401);
        assertThat(api.post("/auth/logout", "not.a.token", null).status()).isEqualTo(401);
        String bot = tokens.bot(Snowflake.of(1L << 40), Snowflake.of(1L << 41));
        Response response = api.post("/auth/logout", bot, null);
        assertThat(response.status()).isEqualTo(403);
        assertThat(response.body().path("code").asInt()).isEqualTo(20001);
    }

    private void assertRegisterRefused(Map<String, Object> body, String field, String code) {
        Response response = api.post("/auth/register", null, body);
        assertThat(response.status()).as("%s %s", field, code).isEqualTo(400);
        assertThat(response.body().path("code").asInt()).isEqualTo(50035);
        assertThat(response.body().path("message").asString()).isEqualTo("Invalid Form Body");
        assertThat(response.errorCode(field))
                .as("%s in %s", field, response.body())
                .isEqualTo(code);
    }

    private static Map<String, Object> body(String username, String password, String email, String globalName) {
        Map<String, Object> body = new HashMap<>();
        body.put("username", username);
        body.put("password", password);
        if (email != null) {
            body.put("email", email);
        }
        if (globalName != null) {
            body.put("global_name", globalName);
        }
        return body;
    }
}
