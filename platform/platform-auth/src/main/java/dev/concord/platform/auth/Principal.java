package dev.concord.platform.auth;

import dev.concord.platform.ids.Snowflake;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Set;
import java.util.UUID;
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

    /**
     * The platform's {@code static_client_session_id} of this login: READY gives it to the client, which
     * signs it, with the voice key it keeps for this login, into that key's self-signature ({@code PUT
     * /voice/public-keys}); binding the key to a session the server issued stops one person uploading
     * another's key and signature as their own. It is the same on every connection made with this token
     * and differs between tokens, and any service derives it from the token alone, so none stores it: a
     * name-based UUID of the user and the token's id.
     */
    public String staticClientSessionId() {
        String name = "static-client-session:" + userId.asString() + ":" + tokenId;
        return UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.US_ASCII)).toString();
    }
}
