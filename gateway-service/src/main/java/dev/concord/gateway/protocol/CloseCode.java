package dev.concord.gateway.protocol;

/**
 * Why the gateway closes a connection, with the code and reason clients act on: libraries resume after
 * 4000-4003 and 4005-4009, and give up after 4004 and 4010-4014.
 */
public enum CloseCode {
    UNKNOWN_ERROR(4000, "Unknown error"),
    /** The outbound queue overflowed; the session stays resumable, so the client loses nothing. */
    CLIENT_TOO_SLOW(4000, "Client too slow to receive"),
    /** Another connection resumed this session; this one is stale. */
    SESSION_RESUMED_ELSEWHERE(4000, "Session resumed elsewhere"),
    /** This instance is shutting down; the client reconnects to another one. */
    RESTARTING(4000, "Gateway restarting"),
    UNKNOWN_OPCODE(4001, "Unknown opcode"),
    DECODE_ERROR(4002, "Decode error"),
    NOT_AUTHENTICATED(4003, "Not authenticated"),
    AUTHENTICATION_FAILED(4004, "Authentication failed"),
    ALREADY_AUTHENTICATED(4005, "Already authenticated"),
    INVALID_SEQ(4007, "Invalid seq"),
    RATE_LIMITED(4008, "Rate limited."),
    SESSION_TIMED_OUT(4009, "Session timed out"),
    INVALID_SHARD(4010, "Invalid shard"),
    INVALID_API_VERSION(4012, "Invalid API version"),
    INVALID_INTENTS(4013, "Invalid intent(s)"),
    DISALLOWED_INTENTS(4014, "Disallowed intent(s)");

    private final int code;
    private final String reason;

    CloseCode(int code, String reason) {
        this.code = code;
        this.reason = reason;
    }

    public int code() {
        return code;
    }

    public String reason() {
        return reason;
    }
}
