package dev.concord.platform.auth;

/** What a token stands for; several platform rules differ by kind (e.g. OAuth2-only query flags). */
public enum TokenKind {
    /** A person's session token, sent bare in {@code Authorization}. */
    USER,
    /** A bot account's token, sent as {@code Bot <token>}. */
    BOT,
    /** An OAuth2 access token granted to an application, sent as {@code Bearer <token>}. */
    OAUTH2
}
