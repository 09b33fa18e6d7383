package dev.concord.remoteauth.qr;

import dev.concord.platform.web.Violations;

/** The bodies of the remote-auth HTTP endpoints (seed 002). None of them is ever logged with its secret. */
final class RemoteAuthRequests {

    private RemoteAuthRequests() {}

    /** A handshake secret or ticket: 256 bits, base64url without padding, as fingerprints are. */
    static boolean isToken(String value) {
        return Fingerprints.isWellFormed(value);
    }

    /** {@code POST /users/@me/remote-auth}: the fingerprint from the scanned {@code {ra_url}/<fingerprint>}. */
    record Create(String fingerprint) implements Violations.Validatable {
        @Override
        public void validate(Violations violations) {
            Fingerprints.check(violations.required("fingerprint", fingerprint), "fingerprint", fingerprint);
        }
    }

    /** {@code POST /users/@me/remote-auth/finish}; expiring tokens are not supported yet, as on the platform. */
    record Finish(String handshakeToken, Boolean temporaryToken) implements Violations.Validatable {
        @Override
        public void validate(Violations violations) {
            handshakeTokenRules(violations, handshakeToken);
            if (Boolean.TRUE.equals(temporaryToken)) {
                violations.add(
                        "temporary_token",
                        "REMOTE_AUTH_TEMPORARY_TOKEN_UNSUPPORTED",
                        "Temporary tokens are not supported yet.");
            }
        }

        @Override
        public String toString() {
            return "Finish[temporaryToken=" + temporaryToken + "]";
        }
    }

    /** {@code POST /users/@me/remote-auth/cancel}. */
    record Cancel(String handshakeToken) implements Violations.Validatable {
        @Override
        public void validate(Violations violations) {
            handshakeTokenRules(violations, handshakeToken);
        }

        @Override
        public String toString() {
            return "Cancel[]";
        }
    }

    /** {@code POST /users/@me/remote-auth/login}: the ticket of pending_login, the only credential. */
    record Login(String ticket) implements Violations.Validatable {
        @Override
        public void validate(Violations violations) {
            violations.required("ticket", ticket);
            if (ticket != null && !isToken(ticket)) {
                violations.add("ticket", RemoteAuthErrors.INVALID_TICKET, RemoteAuthErrors.INVALID_TICKET_MESSAGE);
            }
        }

        @Override
        public String toString() {
            return "Login[]";
        }
    }

    private static void handshakeTokenRules(Violations violations, String handshakeToken) {
        violations.required("handshake_token", handshakeToken);
        if (handshakeToken != null && HandshakeToken.parse(handshakeToken) == null) {
            violations.add("handshake_token", "REMOTE_AUTH_INVALID_HANDSHAKE_TOKEN", "Invalid handshake token.");
        }
    }
}
