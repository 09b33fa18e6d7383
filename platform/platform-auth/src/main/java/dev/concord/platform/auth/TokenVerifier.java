package dev.concord.platform.auth;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.security.PublicKey;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Checks an {@code Authorization} header locally: signature with the public key, kind against the
 * scheme, an OAuth2 token's age ({@link TokenIssuer#OAUTH2_LIFETIME}), then the revocation list. No call to
 * another service per request.
 *
 * <p>An Ed25519 verification costs tens of microseconds; verified tokens are cached so a busy client
 * pays it once. Revocation is checked on every request, after the cache, so revoking takes effect at
 * once.
 */
public final class TokenVerifier {

    private final PublicKey key;
    private final RevocationList revocations;
    private final Cache<String, Principal> verified = Caffeine.newBuilder()
            .maximumSize(100_000)
            .expireAfterAccess(Duration.ofMinutes(30))
            .build();

    private final Clock clock;

    public TokenVerifier(PublicKey key, RevocationList revocations) {
        this(key, revocations, Clock.systemUTC());
    }

    public TokenVerifier(PublicKey key, RevocationList revocations, Clock clock) {
        this.key = key;
        this.revocations = revocations;
        this.clock = clock;
    }

    /** An OAuth2 access token lives {@link TokenIssuer#OAUTH2_LIFETIME}; user and bot tokens until revoked. */
    private boolean expired(Principal principal) {
        return principal.isOAuth2()
                && !principal.issuedAt().plus(TokenIssuer.OAUTH2_LIFETIME).isAfter(clock.instant());
    }

    /** The principal the header proves, or empty when it is missing, malformed, forged or revoked. */
    public Optional<Principal> authenticate(@Nullable String authorization) {
        if (authorization == null || authorization.isBlank() || authorization.length() > 512) {
            return Optional.empty();
        }
        TokenKind expected = TokenKind.USER;
        String token = authorization.trim();
        if (token.regionMatches(true, 0, "Bot ", 0, 4)) {
            expected = TokenKind.BOT;
            token = token.substring(4).trim();
        } else if (token.regionMatches(true, 0, "Bearer ", 0, 7)) {
            expected = TokenKind.OAUTH2;
            token = token.substring(7).trim();
        }
        Principal principal = verified.getIfPresent(token);
        if (principal == null) {
            principal = TokenCodec.decode(token, key).orElse(null);
            if (principal == null) {
                return Optional.empty();
            }
            verified.put(token, principal);
        }
        if (principal.kind() != expected || expired(principal) || revocations.isRevoked(principal)) {
            return Optional.empty();
        }
        return Optional.of(principal);
    }
}
