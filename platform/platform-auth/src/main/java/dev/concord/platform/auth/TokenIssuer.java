package dev.concord.platform.auth;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import java.security.PrivateKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** Mints tokens. Only remote-auth-service holds the private key; tests use a key of their own. */
public final class TokenIssuer {

    /** How long an OAuth2 access token works: the platform's {@code expires_in} of 604800 seconds. */
    public static final Duration OAUTH2_LIFETIME = Duration.ofDays(7);

    private final PrivateKey key;
    private final SnowflakeGenerator ids;
    private final Clock clock;

    public TokenIssuer(PrivateKey key, SnowflakeGenerator ids, Clock clock) {
        this.key = key;
        this.ids = ids;
        this.clock = clock;
    }

    public IssuedToken issue(Snowflake userId, TokenKind kind, @Nullable Snowflake applicationId, Set<String> scopes) {
        Principal principal = new Principal(
                userId, kind, applicationId, scopes, ids.next().value(), Instant.ofEpochMilli(clock.millis()));
        return new IssuedToken(TokenCodec.encode(principal, key), principal);
    }

    public IssuedToken issueUserToken(Snowflake userId) {
        return issue(userId, TokenKind.USER, null, Set.of());
    }

    /** A token and what it proves; the token string is a secret and never logged. */
    public record IssuedToken(String token, Principal principal) {
        @Override
        public String toString() {
            return "IssuedToken[principal=" + principal + "]";
        }
    }
}
