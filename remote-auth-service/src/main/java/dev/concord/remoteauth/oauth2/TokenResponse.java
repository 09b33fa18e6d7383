package dev.concord.remoteauth.oauth2;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.jspecify.annotations.Nullable;

/** The token endpoint's answer (RFC 6749 section 5.1), as the platform gives it. */
record TokenResponse(
        String accessToken,
        String tokenType,
        long expiresIn,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String refreshToken,
        String scope) {

    /** Without the tokens. */
    @Override
    public String toString() {
        return "TokenResponse[scope=" + scope + "]";
    }
}
