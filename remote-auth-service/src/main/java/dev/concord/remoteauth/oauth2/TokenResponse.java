package dev.concord.remoteauth.oauth2;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The token endpoint's answer (RFC 6749 section 5.1), as the platform gives it: for a code whose consent
 * added a bot, also the {@code guild} it was added to.
 */
record TokenResponse(
        String accessToken,
        String tokenType,
        long expiresIn,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String refreshToken,
        String scope,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable JsonNode guild,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable JsonNode webhook) {

    /**
     * With what the consent made: the guild a bot was added to, the incoming webhook; none for anything but
     * an object (a code's stored null reads back as one).
     */
    TokenResponse withGrant(@Nullable JsonNode guild, @Nullable JsonNode webhook) {
        return new TokenResponse(
                accessToken, tokenType, expiresIn, refreshToken, scope, objectOrNull(guild), objectOrNull(webhook));
    }

    private static @Nullable JsonNode objectOrNull(@Nullable JsonNode value) {
        return value != null && value.isObject() ? value : null;
    }

    /** Without the tokens. */
    @Override
    public String toString() {
        return "TokenResponse[scope=" + scope + "]";
    }
}
