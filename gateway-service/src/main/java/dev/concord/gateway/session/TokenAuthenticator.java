package dev.concord.gateway.session;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.TokenVerifier;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * Checks the token of an Identify or Resume locally. Libraries send bot tokens bare in Identify (JDA,
 * discord.js) or with their {@code Bot } scheme, so a bare token is tried as a user token, then as a
 * bot token. OAuth2 tokens cannot open a gateway session.
 */
@Component
final class TokenAuthenticator {

    private static final String BOT_SCHEME = "Bot ";

    private final TokenVerifier verifier;

    public TokenAuthenticator(TokenVerifier verifier) {
        this.verifier = verifier;
    }

    public Optional<Principal> authenticate(@Nullable String token) {
        if (token == null || token.isBlank()) {
            return Optional.empty();
        }
        Optional<Principal> principal = verifier.authenticate(token);
        if (principal.isEmpty() && !hasBotScheme(token)) {
            principal = verifier.authenticate(BOT_SCHEME + token);
        }
        return principal.filter(p -> !p.isOAuth2());
    }

    /** The {@code Authorization} header the client itself would send over HTTP with this token. */
    public static String authorization(Principal principal, String token) {
        String trimmed = token.trim();
        return principal.isBot() && !hasBotScheme(trimmed) ? BOT_SCHEME + trimmed : trimmed;
    }

    private static boolean hasBotScheme(String token) {
        return token.regionMatches(true, 0, BOT_SCHEME, 0, BOT_SCHEME.length());
    }
}
