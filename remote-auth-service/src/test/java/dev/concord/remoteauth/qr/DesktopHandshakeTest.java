package dev.concord.remoteauth.qr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.json.Json;
import dev.concord.remoteauth.qr.DesktopHandshake.Step;
import dev.concord.remoteauth.secret.Secrets;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Seed 002's state table up to a proven key, frame by frame, the desktop played by {@link TestDesktopKeys}. */
class DesktopHandshakeTest {

    private static final TestDesktopKeys DESKTOP = TestDesktopKeys.generate();
    private static final Secrets SECRETS = new Secrets();

    private final DesktopHandshake handshake = new DesktopHandshake(SECRETS);

    @Test
    void initThenTheRightProofProvesTheKey() {
        JsonNode challenge = reply(handshake.receive(init()));
        assertThat(challenge.path("op").asString()).isEqualTo("nonce_proof");

        Step proven = handshake.receive("{\"op\":\"nonce_proof\",\"nonce\":\"" + proofOf(challenge) + "\"}");

        assertThat(proven).isInstanceOfSatisfying(Step.Proven.class, step -> assertThat(
                        step.key().fingerprint())
                .isEqualTo(DESKTOP.fingerprint()));
    }

    @Test
    void theProofIsAlsoTakenUnderProofAsClientsInCirculationSendIt() {
        JsonNode challenge = reply(handshake.receive(init()));

        assertThat(handshake.receive("{\"op\":\"nonce_proof\",\"proof\":\"" + proofOf(challenge) + "\"}"))
                .isInstanceOf(Step.Proven.class);
    }

    @Test
    void aWrongProofFailsTheHandshake() {
        handshake.receive(init());

        assertThat(closeCode(handshake.receive("{\"op\":\"nonce_proof\",\"nonce\":\"" + "A".repeat(43) + "\"}")))
                .isEqualTo(RemoteAuthClose.HANDSHAKE_FAILURE);
    }

    @Test
    void commandsOutOfTurnFailTheHandshake() {
        assertThat(closeCode(new DesktopHandshake(SECRETS).receive("{\"op\":\"nonce_proof\",\"nonce\":\"x\"}")))
                .isEqualTo(RemoteAuthClose.HANDSHAKE_FAILURE);

        handshake.receive(init());
        assertThat(closeCode(handshake.receive(init()))).isEqualTo(RemoteAuthClose.HANDSHAKE_FAILURE);

        DesktopHandshake proven = new DesktopHandshake(SECRETS);
        String proof = proofOf(reply(proven.receive(init())));
        proven.receive("{\"op\":\"nonce_proof\",\"nonce\":\"" + proof + "\"}");
        assertThat(closeCode(proven.receive("{\"op\":\"nonce_proof\",\"nonce\":\"" + proof + "\"}")))
                .isEqualTo(RemoteAuthClose.HANDSHAKE_FAILURE);
    }

    @Test
    void aKeyTheHandshakeCannotUseFailsIt() {
        assertThat(closeCode(handshake.receive("{\"op\":\"init\",\"encoded_public_key\":\"bm90IGEga2V5\"}")))
                .isEqualTo(RemoteAuthClose.HANDSHAKE_FAILURE);
    }

    @Test
    void heartbeatsAreAcknowledgedInEveryState() {
        assertThat(reply(handshake.receive("{\"op\":\"heartbeat\"}")).path("op").asString())
                .isEqualTo("heartbeat_ack");
        handshake.receive(init());
        assertThat(reply(handshake.receive("{\"op\":\"heartbeat\"}")).path("op").asString())
                .isEqualTo("heartbeat_ack");
    }

    @Test
    void anythingButACommandIsUndecodable() {
        for (String frame : new String[] {
            "not json",
            "[]",
            "\"init\"",
            "{}",
            "{\"op\":\"hello\"}",
            "{\"op\":5}",
            "{\"op\":\"init\"}",
            "{\"op\":\"init\",\"encoded_public_key\":7}",
            "{\"op\":\"nonce_proof\"}",
            "{\"op\":\"heartbeat\",\"pad\":\"" + "x".repeat(DesktopCommand.MAX_LENGTH) + "\"}"
        }) {
            assertThat(closeCode(new DesktopHandshake(SECRETS).receive(frame)))
                    .as(frame)
                    .isEqualTo(RemoteAuthClose.DECODE_ERROR);
        }
    }

    private static String init() {
        return "{\"op\":\"init\",\"encoded_public_key\":\"" + DESKTOP.encodedPublicKey() + "\"}";
    }

    private static String proofOf(JsonNode challenge) {
        return DESKTOP.proofFor(challenge.path("encrypted_nonce").asString());
    }

    private static JsonNode reply(Step step) {
        assertThat(step).isInstanceOf(Step.Reply.class);
        return Json.mapper().readTree(((Step.Reply) step).payload());
    }

    private static RemoteAuthClose closeCode(Step step) {
        assertThat(step).isInstanceOf(Step.Close.class);
        return ((Step.Close) step).code();
    }
}
