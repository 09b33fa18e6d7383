package dev.concord.remoteauth.qr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.remoteauth.support.Accounts.Account;
import dev.concord.remoteauth.support.ApiTestSupport;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/** A session lives timeout_ms and no longer: the socket closes with 4003 and the phone finds nothing. */
@TestPropertySource(properties = "concord.remote-auth.timeout=2s")
class DesktopTimeoutIT extends ApiTestSupport {

    @Test
    void theLifespanEndsTheSocketAndTheSession() {
        Account phone = accounts.register();
        try (DesktopClient desktop = DesktopClient.connect(port)) {
            assertThat(desktop.next().path("timeout_ms").asLong()).isEqualTo(2_000);
            desktop.sendInit(desktop.keys().encodedPublicKey());
            String proof = desktop.keys()
                    .proofFor(desktop.expect("nonce_proof")
                            .path("encrypted_nonce")
                            .asString());
            desktop.send("{\"op\":\"nonce_proof\",\"nonce\":\"" + proof + "\"}");
            String fingerprint =
                    desktop.expect("pending_remote_init").path("fingerprint").asString();
            assertThat(redis.pttl(redisPrefix + "remote-auth:session:" + fingerprint)
                            .block())
                    .isBetween(1L, 2_000L);

            assertThat(desktop.closeCode()).isEqualTo(4003);

            assertThat(api.post("/users/@me/remote-auth", phone.token(), Map.of("fingerprint", fingerprint))
                            .body()
                            .path("code")
                            .asInt())
                    .isEqualTo(10020);
        }
    }

    @Test
    void theLifespanRunsFromTheConnectionNotTheHandshake() {
        try (DesktopClient desktop = DesktopClient.connect(port)) {
            desktop.expect("hello");

            assertThat(desktop.closeCode()).isEqualTo(4003);
        }
    }
}
