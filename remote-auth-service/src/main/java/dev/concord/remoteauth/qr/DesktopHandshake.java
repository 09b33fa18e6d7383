package dev.concord.remoteauth.qr;

import dev.concord.remoteauth.qr.DesktopCommand.Heartbeat;
import dev.concord.remoteauth.qr.DesktopCommand.Init;
import dev.concord.remoteauth.qr.DesktopCommand.NonceProof;
import dev.concord.remoteauth.qr.DesktopCommand.Undecodable;
import dev.concord.remoteauth.qr.DesktopKey.InvalidKey;
import dev.concord.remoteauth.secret.Secrets;
import org.jspecify.annotations.Nullable;

/**
 * One desktop's way through seed 002's state table up to a proven key: init, then the nonce proof.
 * Pure: it decides what to answer and the connection sends and stores. Heartbeats are answered in every
 * state; a command out of its turn (a second init, a proof before init or after the key is proven) fails
 * the handshake, 4002, as a key that cannot be used or a wrong proof does.
 */
final class DesktopHandshake {

    /** What to do with one received frame. */
    sealed interface Step {
        record Reply(String payload) implements Step {}

        /** The desktop holds the key's private half: the session may open under its fingerprint. */
        record Proven(DesktopKey key) implements Step {}

        record Close(RemoteAuthClose code) implements Step {}
    }

    private enum Stage {
        AWAITING_INIT,
        AWAITING_PROOF,
        PROVEN
    }

    private final Secrets secrets;
    private Stage stage = Stage.AWAITING_INIT;
    /** Set by the Init, in AWAITING_PROOF and after. */
    private @Nullable DesktopKey key;
    /** Set by the Init, cleared by the proof. */
    private @Nullable NonceChallenge challenge;

    DesktopHandshake(Secrets secrets) {
        this.secrets = secrets;
    }

    Step receive(String frame) {
        DesktopCommand command;
        try {
            command = DesktopCommand.decode(frame);
        } catch (Undecodable e) {
            return new Step.Close(RemoteAuthClose.DECODE_ERROR);
        }
        if (command instanceof Heartbeat) {
            return new Step.Reply(DesktopEvents.heartbeatAck());
        }
        if (command instanceof Init init && stage == Stage.AWAITING_INIT) {
            return init(init.encodedPublicKey());
        }
        if (command instanceof NonceProof proof && stage == Stage.AWAITING_PROOF) {
            return prove(proof.proof());
        }
        return new Step.Close(RemoteAuthClose.HANDSHAKE_FAILURE);
    }

    private Step init(String encodedPublicKey) {
        try {
            key = DesktopKey.parse(encodedPublicKey);
        } catch (InvalidKey e) {
            return new Step.Close(RemoteAuthClose.HANDSHAKE_FAILURE);
        }
        NonceChallenge issued = NonceChallenge.next(secrets);
        challenge = issued;
        stage = Stage.AWAITING_PROOF;
        return new Step.Reply(DesktopEvents.nonceProof(issued.encryptedFor(key)));
    }

    private Step prove(String proof) {
        NonceChallenge issued = challenge;
        DesktopKey proven = key;
        // Both are set in AWAITING_PROOF, the only stage that reaches here.
        if (issued == null || proven == null || !issued.isAnsweredBy(proof)) {
            return new Step.Close(RemoteAuthClose.HANDSHAKE_FAILURE);
        }
        stage = Stage.PROVEN;
        challenge = null;
        return new Step.Proven(proven);
    }
}
