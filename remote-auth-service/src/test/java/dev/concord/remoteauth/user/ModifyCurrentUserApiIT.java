package dev.concord.remoteauth.user;

import static dev.concord.platform.events.EventTypes.USER_NAMES_UPDATE;
import static dev.concord.platform.events.EventTypes.USER_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.remoteauth.support.Accounts;
import dev.concord.remoteauth.support.Accounts.Account;
import dev.concord.remoteauth.support.Api.Response;
import dev.concord.remoteauth.support.ApiTestSupport;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** PATCH /users/@me: every field, its limits, the USER_UPDATE event, and password changes. */
class ModifyCurrentUserApiIT extends ApiTestSupport {

    static final byte[] PNG = {
        (byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R', 0, 0, 0, 1
    };
    static final byte[] GIF = {'G', 'I', 'F', '8', '9', 'a', 1, 0, 1, 0, (byte) 0x80, 0, 0};

    @Test
    void changesProfileFieldsAndAnnouncesTheFullUser() {
        Account account = accounts.register();

        Response response = api.patch(
                "/users/@me",
                account.token(),
                Map.of("global_name", "Renamed", "bio", "hello there", "accent_color", 0x5865F2));

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body().path("global_name").asString()).isEqualTo("Renamed");
        assertThat(response.body().path("bio").asString()).isEqualTo("hello there");
        assertThat(response.body().path("accent_color").asInt()).isEqualTo(0x5865F2);
        assertThat(response.body().has("token")).isFalse();
        assertThat(rows.user(account.id()))
                .containsEntry("global_name", "Renamed")
                .containsEntry("bio", "hello there")
                .containsEntry("accent_color", 0x5865F2);
        JsonNode event = awaitUpdate(
                account, e -> e.path("data").path("global_name").asString("").equals("Renamed"));
        assertThat(event.path("audience").path("user_ids").path(0).asString()).isEqualTo(account.id());
        assertThat(event.path("data"))
                .isEqualTo(api.get("/users/@me", account.token()).body());
    }

    @Test
    void aNewNameAlsoTellsTheServicesWhichJudgeNamesAndOtherChangesDoNot() {
        Account account = accounts.register();
        api.patch("/users/@me", account.token(), Map.of("bio", "no name in this"));
        awaitUpdate(account, e -> e.path("data").path("bio").asString().equals("no name in this"));

        String username = Accounts.uniqueName("renamed");
        assertThat(api.patch("/users/@me", account.token(), Map.of("username", username, "password", Accounts.PASSWORD))
                        .status())
                .isEqualTo(200);

        JsonNode names = events.awaitOne(
                e -> e.path("type").asString().equals(USER_NAMES_UPDATE)
                        && e.path("data").path("id").asString().equals(account.id()),
                Duration.ofSeconds(15));
        assertThat(names.path("data").path("username").asString()).isEqualTo(username);
        assertThat(names.path("data").has("global_name")).isTrue();
        assertThat(names.path("data").has("email")).as("names only").isFalse();
        assertThat(names.path("audience").path("user_ids").size())
                .as("for services; no session hears it")
                .isZero();
        events.awaitNone(
                e -> e.path("type").asString().equals(USER_NAMES_UPDATE)
                        && e.path("data").path("id").asString().equals(account.id())
                        && !e.path("data").path("username").asString().equals(username),
                Duration.ofSeconds(2));
    }

    @Test
    void nullClearsAndAbsentKeeps() {
        Account account = accounts.register(Accounts.uniqueName("clear"), null, "Named");
        api.patch("/users/@me", account.token(), Map.of("accent_color", 1, "bio", "kept"));

        Map<String, Object> body = new HashMap<>();
        body.put("global_name", null);
        body.put("accent_color", null);
        Response response = api.patch("/users/@me", account.token(), body);

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body().path("global_name").isNull()).isTrue();
        assertThat(response.body().path("accent_color").isNull()).isTrue();
        assertThat(response.body().path("bio").asString()).isEqualTo("kept");
        Map<String, Object> row = rows.user(account.id());
        assertThat(row.get("global_name")).isNull();
        assertThat(row.get("accent_color")).isNull();
        awaitUpdate(
                account,
                e -> e.path("data").path("global_name").isNull()
                        && e.path("data").path("accent_color").isNull());
    }

    @Test
    void storesAvatarsAndBannersByHash() {
        Account account = accounts.register();

        Response response = api.patch(
                "/users/@me",
                account.token(),
                Map.of("avatar", dataUri("image/png", PNG), "banner", dataUri("image/gif", GIF)));

        assertThat(response.status()).isEqualTo(200);
        String avatar = response.body().path("avatar").asString();
        String banner = response.body().path("banner").asString();
        assertThat(avatar).matches("[0-9a-f]{32}");
        assertThat(banner).matches("a_[0-9a-f]{32}");
        Map<String, Object> stored =
                rows.one("SELECT * FROM user_images WHERE user_id = :id AND kind = 'avatar'", account.id());
        assertThat(stored).containsEntry("hash", avatar).containsEntry("content_type", "image/png");
        assertThat(bytes(stored.get("data"))).isEqualTo(PNG);
        awaitUpdate(account, e -> e.path("data").path("avatar").asString("").equals(avatar));

        Map<String, Object> clear = new HashMap<>();
        clear.put("avatar", null);
        Response cleared = api.patch("/users/@me", account.token(), clear);

        assertThat(cleared.body().path("avatar").isNull()).isTrue();
        assertThat(cleared.body().path("banner").asString()).isEqualTo(banner);
        assertThat(rows.one("SELECT * FROM user_images WHERE user_id = :id AND kind = 'avatar'", account.id()))
                .isNull();
        assertThat(rows.user(account.id()).get("avatar")).isNull();
    }

    @Test
    void refusesEachBrokenLimitNamingTheField() {
        Account account = accounts.register();
        assertRefused(account, Map.of("global_name", ""), "global_name", "BASE_TYPE_BAD_LENGTH");
        assertRefused(account, Map.of("global_name", "g".repeat(33)), "global_name", "BASE_TYPE_BAD_LENGTH");
        assertRefused(account, Map.of("bio", "b".repeat(191)), "bio", "BASE_TYPE_BAD_LENGTH");
        assertRefused(account, Map.of("accent_color", -1), "accent_color", "NUMBER_TYPE_MIN");
        assertRefused(account, Map.of("accent_color", 0x1000000), "accent_color", "NUMBER_TYPE_MAX");
        assertRefused(account, Map.of("accent_color", "red"), "accent_color", "NUMBER_TYPE_COERCE");
        assertRefused(account, Map.of("avatar", "https://example.org/a.png"), "avatar", "IMAGE_INVALID");
        assertRefused(
                account, Map.of("banner", dataUri("image/png", "not an image".getBytes())), "banner", "IMAGE_INVALID");
        assertRefused(
                account,
                Map.of("username", "Not Valid", "password", Accounts.PASSWORD),
                "username",
                "USERNAME_INVALID_CONTAINS");
        assertRefused(
                account,
                Map.of("new_password", "short", "password", Accounts.PASSWORD),
                "new_password",
                "PASSWORD_TOO_SHORT");
        assertRefused(
                account,
                Map.of("new_password", "n".repeat(73), "password", Accounts.PASSWORD),
                "new_password",
                "BASE_TYPE_BAD_LENGTH");
        Map<String, Object> nullName = new HashMap<>();
        nullName.put("username", null);
        assertRefused(account, nullName, "username", "BASE_TYPE_REQUIRED");
        assertThat(rows.user(account.id()))
                .containsEntry("username", account.username())
                .containsEntry("bio", "");
    }

    @Test
    void refusesImagesOverTenMebibytesAndBodiesOverTheLimit() {
        Account account = accounts.register();

        assertRefused(
                account,
                Map.of("avatar", dataUri("image/png", Arrays.copyOf(PNG, 10 * 1024 * 1024 + 1))),
                "avatar",
                "BINARY_TYPE_MAX_SIZE");
        Response tooLarge = api.patch("/users/@me", account.token(), Map.of("bio", "x".repeat(15 * 1024 * 1024)));
        assertThat(tooLarge.status()).isEqualTo(413);
        assertThat(tooLarge.body().path("code").asInt()).isEqualTo(40005);
    }

    /** PostgreSQL cannot store U+0000 and UTF-8 cannot carry a lone surrogate: both are refused, nothing changes. */
    @Test
    void refusesTextThatCannotBeStoredAsSent() {
        Account account = accounts.register();
        api.patch("/users/@me", account.token(), Map.of("bio", "before"));

        assertRefused(account, Map.of("bio", "a\u0000b"), "bio", "BASE_TYPE_INVALID");
        // Written as JSON's escape: a client's encoder would turn the lone surrogate into "?" before sending.
        Response surrogate = api.patch("/users/@me", account.token(), "{\"global_name\":\"x\\ud800y\"}");
        assertThat(surrogate.status()).isEqualTo(400);
        assertThat(surrogate.errorCode("global_name")).isEqualTo("BASE_TYPE_INVALID");
        assertThat(rows.user(account.id())).containsEntry("bio", "before");
    }

    /** Only the image route reads bodies past the platform's 1 MiB; the others refuse 2 MB with 413. */
    @Test
    void onlyTheImageRouteTakesLargeBodies() {
        Account account = accounts.register();

        Response login = api.post(
                "/auth/login", null, Map.of("login", "x".repeat(2 * 1024 * 1024), "password", Accounts.PASSWORD));
        assertThat(login.status()).isEqualTo(413);
        assertThat(login.body().path("code").asInt()).isEqualTo(40005);
        Response qr =
                api.post("/users/@me/remote-auth", account.token(), Map.of("fingerprint", "f".repeat(2 * 1024 * 1024)));
        assertThat(qr.status()).isEqualTo(413);

        Response image = api.patch(
                "/users/@me",
                account.token(),
                Map.of("avatar", dataUri("image/png", Arrays.copyOf(PNG, 9 * 1024 * 1024))));
        assertThat(image.status()).isEqualTo(200);
        assertThat(image.body().path("avatar").asString()).matches("[0-9a-f]{32}");
    }

    @Test
    void changingTheUsernameNeedsTheCurrentPassword() {
        Account account = accounts.register();
        Account other = accounts.register();
        String wanted = Accounts.uniqueName("renamed");

        assertRefused(account, Map.of("username", wanted), "password", "BASE_TYPE_REQUIRED");
        assertRefused(
                account,
                Map.of("username", wanted, "password", "wrong password"),
                "password",
                "PASSWORD_DOES_NOT_MATCH");
        assertRefused(
                account,
                Map.of("username", other.username(), "password", Accounts.PASSWORD),
                "username",
                "USERNAME_ALREADY_TAKEN");
        Response renamed =
                api.patch("/users/@me", account.token(), Map.of("username", wanted, "password", Accounts.PASSWORD));

        assertThat(renamed.status()).isEqualTo(200);
        assertThat(renamed.body().path("username").asString()).isEqualTo(wanted);
        assertThat(rows.user(account.id())).containsEntry("username", wanted);
        awaitUpdate(account, e -> e.path("data").path("username").asString("").equals(wanted));
        Response unchanged = api.patch("/users/@me", account.token(), Map.of("username", wanted));
        assertThat(unchanged.status()).as("the same name needs no password").isEqualTo(200);
    }

    @Test
    void changingThePasswordSignsOutEverySessionButTheNewOne() {
        Account account = accounts.register();
        String secondSession = api.post(
                        "/auth/login", null, Map.of("login", account.username(), "password", Accounts.PASSWORD))
                .body()
                .path("token")
                .asString();
        String oldHash = (String) rows.user(account.id()).get("password_hash");

        assertRefused(account, Map.of("new_password", "brand new password"), "password", "BASE_TYPE_REQUIRED");
        Response response = api.patch(
                "/users/@me",
                account.token(),
                Map.of("password", Accounts.PASSWORD, "new_password", "brand new password"));

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body().path("id").asString()).isEqualTo(account.id());
        String fresh = response.body().path("token").asString();
        assertThat(fresh).isNotBlank();
        assertThat(api.get("/users/@me", account.token()).status()).isEqualTo(401);
        assertThat(api.get("/users/@me", secondSession).status()).isEqualTo(401);
        assertThat(api.get("/users/@me", fresh).status()).isEqualTo(200);
        assertThat((String) rows.user(account.id()).get("password_hash"))
                .startsWith("$argon2id$")
                .isNotEqualTo(oldHash);
        assertThat(redis.hget(redisPrefix + "auth:tokens-valid-after", account.id())
                        .block())
                .isNotNull();
        Map<String, String> oldLogin = Map.of("login", account.username(), "password", Accounts.PASSWORD);
        Map<String, String> newLogin = Map.of("login", account.username(), "password", "brand new password");
        assertThat(api.post("/auth/login", null, oldLogin).status()).isEqualTo(400);
        assertThat(api.post("/auth/login", null, newLogin).status()).isEqualTo(200);
        JsonNode event = awaitUpdate(account, e -> true);
        assertThat(event.path("data").has("password_hash")).isFalse();
        assertThat(event.toString()).doesNotContain("brand new password").doesNotContain(fresh);
    }

    @Test
    void onlyPeopleMayChangeThemselves() {
        Account account = accounts.register();
        Snowflake user = Snowflake.parse(account.id());
        String bot = tokens.bot(user, Snowflake.of(1L << 41));
        String oauth = tokens.oauth(user, Snowflake.of(1L << 41), "identify");

        Response asBot = api.patch("/users/@me", bot, Map.of("bio", "bot"));
        Response asOAuth = api.patch("/users/@me", oauth, Map.of("bio", "oauth"));

        assertThat(asBot.status()).isEqualTo(403);
        assertThat(asBot.body().path("code").asInt()).isEqualTo(20001);
        assertThat(asOAuth.status()).isEqualTo(403);
        assertThat(asOAuth.body().path("code").asInt()).isEqualTo(50001);
        assertThat(api.patch("/users/@me", null, Map.of("bio", "anonymous")).status())
                .isEqualTo(401);
        assertThat(rows.user(account.id())).containsEntry("bio", "");
    }

    @Test
    void anEmptyChangeWritesNothing() {
        Account account = accounts.register();

        Response response = api.patch("/users/@me", account.token(), Map.of());

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body().path("id").asString()).isEqualTo(account.id());
        events.awaitNone(
                e -> e.path("type").asString().equals(USER_UPDATE)
                        && e.path("data").path("id").asString().equals(account.id()),
                Duration.ofSeconds(2));
        assertThat(api.patch("/users/@me", account.token(), "{\"bio\": ")
                        .body()
                        .path("code")
                        .asInt())
                .isEqualTo(50109);
    }

    private JsonNode awaitUpdate(Account account, Predicate<JsonNode> match) {
        return events.awaitOne(
                e -> e.path("type").asString().equals(USER_UPDATE)
                        && e.path("data").path("id").asString().equals(account.id())
                        && match.test(e),
                Duration.ofSeconds(15));
    }

    private void assertRefused(Account account, Map<String, Object> body, String field, String code) {
        Response response = api.patch("/users/@me", account.token(), body);
        assertThat(response.status())
                .as("%s %s: %s", field, code, response.body())
                .isEqualTo(400);
        assertThat(response.body().path("code").asInt()).isEqualTo(50035);
        assertThat(response.errorCode(field))
                .as("%s in %s", field, response.body())
                .isEqualTo(code);
    }

    private static String dataUri(String type, byte[] bytes) {
        return "data:" + type + ";base64," + Base64.getEncoder().encodeToString(bytes);
    }

    private static byte[] bytes(Object column) {
        if (column instanceof ByteBuffer buffer) {
            byte[] out = new byte[buffer.remaining()];
            buffer.duplicate().get(out);
            return out;
        }
        return (byte[]) column;
    }
}
