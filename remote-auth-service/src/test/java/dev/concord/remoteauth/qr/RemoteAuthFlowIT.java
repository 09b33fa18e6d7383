package dev.concord.remoteauth.qr;

import static dev.concord.platform.events.EventTypes.USER_CREATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.remoteauth.support.Accounts.Account;
import dev.concord.remoteauth.support.Api.Response;
import dev.concord.remoteauth.support.ApiTestSupport;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Seed 002's remote auth from both ends: the phone's endpoints and what the desktop's socket receives. */
@ExtendWith(OutputCaptureExtension.class)
class RemoteAuthFlowIT extends ApiTestSupport {

    @Test
    void approvedTheDesktopExchangesItsTicketForANewTokenOfThePhonesUser(CapturedOutput output) {
        Account phone = accounts.register();
        try (DesktopClient desktop = DesktopClient.connect(port)) {
            String fingerprint = desktop.handshake();

            Response claimed = api.post("/users/@me/remote-auth", phone.token(), Map.of("fingerprint", fingerprint));

            assertThat(claimed.status()).isEqualTo(200);
            assertThat(claimed.body().propertyNames()).containsExactlyInAnyOrder("handshake_token", "desktop");
            assertThat(claimed.body().path("desktop").path("ip").asString()).isEqualTo("127.0.0.1");
            assertThat(claimed.body().path("desktop").path("user_agent").asString())
                    .isNotNull();
            String handshakeToken = claimed.body().path("handshake_token").asString();
            String encryptedUser = desktop.expect("pending_ticket")
                    .path("encrypted_user_payload")
                    .asString();
            assertThat(desktop.keys().decryptText(encryptedUser)).isEqualTo(phone.id() + ":0:0:" + phone.username());
            Map<String, String> session = session(fingerprint);
            assertThat(session).containsEntry("state", "claimed").containsEntry("user", phone.id());
            assertThat(session.get("handshake"))
                    .hasSize(64)
                    .isNotEqualTo(handshakeToken)
                    .doesNotContain(handshakeToken.substring(44));

            Response finished = api.post(
                    "/users/@me/remote-auth/finish",
                    phone.token(),
                    Map.of("handshake_token", handshakeToken, "temporary_token", false));

            assertThat(finished.status()).isEqualTo(204);
            String ticket = desktop.expect("pending_login").path("ticket").asString();
            assertThat(desktop.closeCode()).isEqualTo(1000);
            assertThat(session(fingerprint)).isEmpty();

            Response login = api.post("/users/@me/remote-auth/login", null, Map.of("ticket", ticket));

            assertThat(login.status()).isEqualTo(200);
            assertThat(login.body().propertyNames()).containsExactly("encrypted_token");
            String token = desktop.keys()
                    .decryptText(login.body().path("encrypted_token").asString());
            assertThat(token).isNotEqualTo(phone.token());
            assertThat(api.get("/users/@me", token).body().path("id").asString())
                    .isEqualTo(phone.id());

            assertThat(api.post("/users/@me/remote-auth/login", null, Map.of("ticket", ticket))
                            .errorCode("ticket"))
                    .as("a ticket is single use")
                    .isEqualTo("REMOTE_AUTH_INVALID_TICKET");
            assertThat(api.post(
                                    "/users/@me/remote-auth/finish",
                                    phone.token(),
                                    Map.of("handshake_token", handshakeToken))
                            .body()
                            .path("code")
                            .asInt())
                    .as("so is a handshake token")
                    .isEqualTo(10020);
            assertThat(output.getAll())
                    .doesNotContain(
                            ticket,
                            token,
                            handshakeToken,
                            login.body().path("encrypted_token").asString(),
                            desktop.keys().encodedPublicKey());
        }
    }

    @Test
    void deniedTheDesktopHearsCancelAndNothingCanBeFinished() {
        Account phone = accounts.register();
        try (DesktopClient desktop = DesktopClient.connect(port)) {
            String fingerprint = desktop.handshake();
            String handshakeToken = claim(phone, fingerprint);
            desktop.expect("pending_ticket");

            Response canceled =
                    api.post("/users/@me/remote-auth/cancel", phone.token(), Map.of("handshake_token", handshakeToken));

            assertThat(canceled.status()).isEqualTo(204);
            assertThat(desktop.expect("cancel").propertyNames()).containsExactly("op");
            assertThat(desktop.closeCode()).isEqualTo(1000);
            assertThat(session(fingerprint)).isEmpty();
            assertThat(api.post(
                                    "/users/@me/remote-auth/finish",
                                    phone.token(),
                                    Map.of("handshake_token", handshakeToken))
                            .status())
                    .isEqualTo(404);
        }
    }

    @Test
    void aSessionIsClaimedOnceAndOnlyItsPhoneMayEndIt() {
        Account phone = accounts.register();
        Account other = accounts.register();
        try (DesktopClient desktop = DesktopClient.connect(port)) {
            String fingerprint = desktop.handshake();
            String handshakeToken = claim(phone, fingerprint);
            desktop.expect("pending_ticket");

            assertUnknownSession(api.post("/users/@me/remote-auth", other.token(), Map.of("fingerprint", fingerprint)));
            assertUnknownSession(api.post(
                    "/users/@me/remote-auth/finish", other.token(), Map.of("handshake_token", handshakeToken)));
            assertUnknownSession(api.post(
                    "/users/@me/remote-auth/cancel", other.token(), Map.of("handshake_token", handshakeToken)));
            String forged = fingerprint + "." + "A".repeat(43);
            assertUnknownSession(
                    api.post("/users/@me/remote-auth/finish", phone.token(), Map.of("handshake_token", forged)));

            assertThat(session(fingerprint)).containsEntry("state", "claimed").containsEntry("user", phone.id());
            assertThat(desktop.pending()).isZero();
            assertThat(api.post(
                                    "/users/@me/remote-auth/finish",
                                    phone.token(),
                                    Map.of("handshake_token", handshakeToken))
                            .status())
                    .isEqualTo(204);
            desktop.expect("pending_login");
        }
    }

    @Test
    void badInputIsRefusedByFieldAndChangesNothing() {
        Account phone = accounts.register();
        try (DesktopClient desktop = DesktopClient.connect(port)) {
            String fingerprint = desktop.handshake();

            assertUnknownSession(
                    api.post("/users/@me/remote-auth", phone.token(), Map.of("fingerprint", "B".repeat(43))));
            assertThat(api.post("/users/@me/remote-auth", phone.token(), Map.of())
                            .errorCode("fingerprint"))
                    .isEqualTo("BASE_TYPE_REQUIRED");
            assertThat(api.post("/users/@me/remote-auth", phone.token(), Map.of("fingerprint", fingerprint + "="))
                            .errorCode("fingerprint"))
                    .isEqualTo("REMOTE_AUTH_INVALID_FINGERPRINT");
            assertThat(api.post("/users/@me/remote-auth", phone.token(), "{\"fingerprint\":")
                            .body()
                            .path("code")
                            .asInt())
                    .isEqualTo(50109);
            assertThat(session(fingerprint)).containsEntry("state", "ready");

            String handshakeToken = claim(phone, fingerprint);
            desktop.expect("pending_ticket");
            Response temporary = api.post(
                    "/users/@me/remote-auth/finish",
                    phone.token(),
                    Map.of("handshake_token", handshakeToken, "temporary_token", true));
            assertThat(temporary.status()).isEqualTo(400);
            assertThat(temporary.errorCode("temporary_token")).isEqualTo("REMOTE_AUTH_TEMPORARY_TOKEN_UNSUPPORTED");
            assertThat(api.post("/users/@me/remote-auth/cancel", phone.token(), Map.of("handshake_token", "nope"))
                            .errorCode("handshake_token"))
                    .isEqualTo("REMOTE_AUTH_INVALID_HANDSHAKE_TOKEN");
            assertThat(api.post("/users/@me/remote-auth/finish", phone.token(), Map.of())
                            .errorCode("handshake_token"))
                    .isEqualTo("BASE_TYPE_REQUIRED");
            assertThat(session(fingerprint)).containsEntry("state", "claimed");
            assertThat(desktop.pending()).isZero();

            assertThat(api.post("/users/@me/remote-auth/login", null, Map.of()).errorCode("ticket"))
                    .isEqualTo("BASE_TYPE_REQUIRED");
            assertThat(api.post("/users/@me/remote-auth/login", null, Map.of("ticket", "short"))
                            .errorCode("ticket"))
                    .isEqualTo("REMOTE_AUTH_INVALID_TICKET");
            assertThat(api.post("/users/@me/remote-auth/login", null, Map.of("ticket", "C".repeat(43)))
                            .errorCode("ticket"))
                    .isEqualTo("REMOTE_AUTH_INVALID_TICKET");
        }
    }

    @Test
    void thePhoneEndpointsAreForAPersonsOwnSession() {
        String bot = tokens.bot(Snowflake.of(4_242L), null);
        for (String path :
                new String[] {"/users/@me/remote-auth", "/users/@me/remote-auth/finish", "/users/@me/remote-auth/cancel"
                }) {
            Response anonymous = api.post(path, null, Map.of("fingerprint", "A".repeat(43)));
            assertThat(anonymous.status()).as(path).isEqualTo(401);
            assertThat(anonymous.body().path("message").asString()).isEqualTo("401: Unauthorized");
            Response asBot = api.post(path, bot, Map.of("fingerprint", "A".repeat(43)));
            assertThat(asBot.status()).as(path).isEqualTo(403);
            assertThat(asBot.body().path("code").asInt()).isEqualTo(20001);
        }
    }

    @Test
    void guessesAreRateLimited() {
        Account phone = accounts.register();
        Response last = null;
        for (int i = 0; i < 21; i++) {
            last = api.post("/users/@me/remote-auth", phone.token(), Map.of("fingerprint", "D".repeat(43)));
        }
        assertThat(last.status()).isEqualTo(429);
        assertThat(last.body().path("retry_after").asDouble()).isPositive();
        assertThat(last.headers().getFirst("X-RateLimit-Bucket")).isEqualTo("remote-auth-mobile");

        for (int i = 0; i < 11; i++) {
            last = api.call(
                    HttpMethod.POST,
                    "/users/@me/remote-auth/login",
                    null,
                    Map.of("ticket", "E".repeat(43)),
                    "203.0.113.9");
        }
        assertThat(last.status()).isEqualTo(429);
        assertThat(last.headers().getFirst("X-RateLimit-Bucket")).isEqualTo("remote-auth-ticket");
        assertThat(api.call(
                                HttpMethod.POST,
                                "/users/@me/remote-auth/login",
                                null,
                                Map.of("ticket", "E".repeat(43)),
                                "203.0.113.10")
                        .status())
                .as("another address")
                .isEqualTo(400);
    }

    @Test
    void noEventIsPublishedForARemoteLogin() {
        Account phone = accounts.register();
        try (DesktopClient desktop = DesktopClient.connect(port)) {
            String handshakeToken = claim(phone, desktop.handshake());
            desktop.expect("pending_ticket");
            api.post("/users/@me/remote-auth/finish", phone.token(), Map.of("handshake_token", handshakeToken));
            String ticket = desktop.expect("pending_login").path("ticket").asString();
            assertThat(api.post("/users/@me/remote-auth/login", null, Map.of("ticket", ticket))
                            .status())
                    .isEqualTo(200);

            // The desktop's socket carries the flow; identity.events only ever tells of users changing.
            events.awaitNone(
                    event -> phone.id().equals(event.path("data").path("id").asString())
                            && !USER_CREATE.equals(event.path("type").asString()),
                    Duration.ofSeconds(2));
        }
    }

    private String claim(Account phone, String fingerprint) {
        Response claimed = api.post("/users/@me/remote-auth", phone.token(), Map.of("fingerprint", fingerprint));
        assertThat(claimed.status()).as(claimed.body().toString()).isEqualTo(200);
        return claimed.body().path("handshake_token").asString();
    }

    private static void assertUnknownSession(Response response) {
        assertThat(response.status()).as(response.body().toString()).isEqualTo(404);
        JsonNode body = response.body();
        assertThat(body.path("code").asInt()).isEqualTo(10020);
        assertThat(body.path("message").asString()).isEqualTo("Unknown Session");
    }

    private Map<String, String> session(String fingerprint) {
        return redis.hgetall(redisPrefix + "remote-auth:session:" + fingerprint)
                .collectMap(kv -> kv.getKey(), kv -> kv.getValue())
                .block();
    }
}
