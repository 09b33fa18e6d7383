package dev.concord.remoteauth.qr;

import dev.concord.remoteauth.secret.Secrets;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What the phone holds between claiming a session and finishing or canceling it:
 * {@code <fingerprint>.<secret>}. The fingerprint finds the session; the secret, stored only as its
 * SHA-256, proves the holder is the phone that claimed it.
 */
record HandshakeToken(String fingerprint, String secret) {

    static HandshakeToken issue(String fingerprint, Secrets secrets) {
        return new HandshakeToken(fingerprint, secrets.token());
    }

    /** Null for anything not shaped like a handshake token. */
    static @Nullable HandshakeToken parse(String token) {
        int dot = token.indexOf('.');
        if (dot < 0) {
            return null;
        }
        HandshakeToken parsed = new HandshakeToken(token.substring(0, dot), token.substring(dot + 1));
        return RemoteAuthRequests.isToken(parsed.fingerprint) && RemoteAuthRequests.isToken(parsed.secret)
                ? parsed
                : null;
    }

    /** A token {@code validate} has already accepted. */
    static HandshakeToken parseValid(String token) {
        return Objects.requireNonNull(parse(token), "not a handshake token");
    }

    byte[] secretDigest() {
        return DesktopKey.sha256(secret.getBytes(StandardCharsets.US_ASCII));
    }

    String value() {
        return fingerprint + "." + secret;
    }

    @Override
    public String toString() {
        return "HandshakeToken[fingerprint=" + fingerprint + "]";
    }
}
