package dev.concord.remoteauth.oauth2;

import java.util.Map;

/**
 * An error of the token and revocation endpoints in RFC 6749's shape ({@code error},
 * {@code error_description}), which OAuth2 client libraries read, with the platform's fields beside them.
 */
final class OAuth2Error extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int status;
    private final String error;

    private OAuth2Error(int status, String error, String description) {
        super(description, null, false, false);
        this.status = status;
        this.error = error;
    }

    static OAuth2Error invalidRequest(String description) {
        return new OAuth2Error(400, "invalid_request", description);
    }

    static OAuth2Error invalidClient() {
        return new OAuth2Error(401, "invalid_client", "Unknown client or bad client secret.");
    }

    static OAuth2Error invalidGrant(String description) {
        return new OAuth2Error(400, "invalid_grant", description);
    }

    static OAuth2Error unauthorizedClient(String description) {
        return new OAuth2Error(400, "unauthorized_client", description);
    }

    static OAuth2Error unsupportedGrantType() {
        return new OAuth2Error(400, "unsupported_grant_type", "Unsupported grant type.");
    }

    static OAuth2Error invalidScope() {
        return new OAuth2Error(400, "invalid_scope", "The requested scope is invalid, unknown, or malformed.");
    }

    int status() {
        return status;
    }

    /**
     * RFC 6749's {@code error} and {@code error_description}, which OAuth2 libraries read, and the
     * platform's {@code message} and {@code code}, which the platform's own clients read on any error.
     */
    Map<String, Object> body() {
        return Map.of("error", error, "error_description", getMessage(), "message", getMessage(), "code", 0);
    }
}
