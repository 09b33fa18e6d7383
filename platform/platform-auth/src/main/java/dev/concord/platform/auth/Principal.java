package dev.concord.platform.auth;

import dev.concord.platform.ids.Snowflake;
import java.time.Instant;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Who is calling, as proven by a verified token.
 *
 * @param userId the user (or bot user) the token acts for
 * @param kind user, bot or OAuth2
 * @param applicationId the application an OAuth2 token was granted to (or the bot's application); none
 *     for user tokens
 * @param scopes OAuth2 scopes; empty for user and bot tokens
 * @param tokenId unique per issued token, the handle for revoking exactly this token
 * @param issuedAt when the token was issued, for "revoke everything before" (password change)
 */
public record Principal(
        Snowflake userId,
        TokenKind kind,
        @Nullable Snowflake applicationId,
        Set<String> scopes,
        long tokenId,
        Instant issuedAt) {

    public Principal {
        scopes = Set.copyOf(scopes);
    }

    public boolean isOAuth2() {
        return kind == TokenKind.OAUTH2;
    }

    public boolean isBot() {
        return kind == TokenKind.BOT;
    }

    public boolean hasScope(String scope) {
        return scopes.contains(scope);
    }
}
