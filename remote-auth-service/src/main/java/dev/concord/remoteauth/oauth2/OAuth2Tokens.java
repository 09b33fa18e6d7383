package dev.concord.remoteauth.oauth2;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.RedisRevocations;
import dev.concord.platform.auth.TokenIssuer;
import dev.concord.platform.auth.TokenKind;
import dev.concord.platform.auth.TokenVerifier;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.remoteauth.application.ApplicationClients;
import dev.concord.remoteauth.secret.Secrets;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * The token endpoint's grants (authorization code with PKCE, refresh token, client credentials) and
 * revocation. Access tokens are the platform's signed tokens of kind OAUTH2, checked by every service
 * without a lookup; refresh tokens are random, rotated at each use, and kept only as their SHA-256.
 */
@Service
class OAuth2Tokens {

    private final ApplicationClients clients;
    private final AuthorizationCodes codes;
    private final OAuth2Grants grants;
    private final TokenIssuer issuer;
    private final TokenVerifier verifier;
    private final RedisRevocations revocations;
    private final SnowflakeGenerator ids;
    private final Secrets secrets;

    OAuth2Tokens(
            ApplicationClients clients,
            AuthorizationCodes codes,
            OAuth2Grants grants,
            TokenIssuer issuer,
            TokenVerifier verifier,
            RedisRevocations revocations,
            SnowflakeGenerator ids,
            Secrets secrets) {
        this.clients = clients;
        this.codes = codes;
        this.grants = grants;
        this.issuer = issuer;
        this.verifier = verifier;
        this.revocations = revocations;
        this.ids = ids;
        this.secrets = secrets;
    }

    /** Who is asking: the client's id and, when it authenticated with it, its secret. */
    record ClientCredentials(String clientId, @Nullable String secret) {
        @Override
        public String toString() {
            return "ClientCredentials[clientId=" + clientId + "]";
        }
    }

    Mono<TokenResponse> authorizationCode(
            ClientCredentials credentials,
            @Nullable String code,
            @Nullable String redirectUri,
            @Nullable String codeVerifier) {
        if (code == null || code.isEmpty()) {
            return Mono.error(OAuth2Error.invalidRequest("Missing \"code\" in request."));
        }
        return client(credentials, true).flatMap(client -> codes.redeem(code)
                .filter(grant -> grant.applicationId().equals(client.id()))
                .switchIfEmpty(Mono.error(() -> OAuth2Error.invalidGrant("Invalid \"code\" in request.")))
                .flatMap(grant -> {
                    if (grant.redirectUri() != null && !grant.redirectUri().equals(redirectUri)) {
                        return Mono.error(OAuth2Error.invalidGrant("Invalid \"redirect_uri\" in request."));
                    }
                    if (!Pkce.verifies(grant.codeChallenge(), grant.codeChallengeMethod(), codeVerifier)) {
                        return Mono.error(OAuth2Error.invalidGrant("Invalid \"code_verifier\" in request."));
                    }
                    if (credentials.secret() == null && grant.codeChallenge() == null) {
                        // A public client's only proof is PKCE.
                        return Mono.error(OAuth2Error.invalidClient());
                    }
                    return grant(grant.applicationId(), grant.userId(), grant.scopes())
                            .map(response -> response.withGrant(grant.guild(), grant.webhook()));
                }));
    }

    Mono<TokenResponse> refresh(ClientCredentials credentials, @Nullable String refreshToken) {
        if (refreshToken == null || refreshToken.isEmpty()) {
            return Mono.error(OAuth2Error.invalidRequest("Missing \"refresh_token\" in request."));
        }
        byte[] presented = Secrets.sha256(refreshToken);
        return client(credentials, true).flatMap(client -> grants.byRefreshToken(client.id(), presented)
                .switchIfEmpty(Mono.error(() -> OAuth2Error.invalidGrant("Invalid \"refresh_token\" in request.")))
                .flatMap(grant -> {
                    String next = secrets.token(AuthorizationCodes.TOKEN_CHARACTERS);
                    TokenIssuer.IssuedToken access = access(grant.userId(), grant.applicationId(), grant.scopes());
                    return grants.rotate(
                                    grant,
                                    presented,
                                    Secrets.sha256(next),
                                    access.principal().tokenId())
                            .switchIfEmpty(
                                    Mono.error(() -> OAuth2Error.invalidGrant("Invalid \"refresh_token\" in request.")))
                            .map(rotated -> response(access, next, grant.scopes()));
                }));
    }

    /** A token for the application's owner, with the scopes asked for (client credentials need a secret). */
    Mono<TokenResponse> clientCredentials(ClientCredentials credentials, @Nullable String scope) {
        List<String> scopes = OAuth2Scopes.parse(scope, OAuth2Scopes.CLIENT_CREDENTIALS);
        if (scopes == null) {
            return Mono.error(OAuth2Error.invalidScope());
        }
        return client(credentials, false)
                .map(client -> response(access(client.ownerId(), client.id(), scopes), null, scopes));
    }

    /**
     * Revokes a refresh token (its grant, and the grant's latest access token) or an access token of this
     * client. Unknown tokens are no error (RFC 7009): the answer does not tell which tokens exist.
     */
    Mono<Void> revoke(ClientCredentials credentials, @Nullable String token) {
        if (token == null || token.isEmpty()) {
            return Mono.error(OAuth2Error.invalidRequest("Missing \"token\" in request."));
        }
        return client(credentials, true)
                .flatMap(client -> grants.deleteByRefreshToken(client.id(), Secrets.sha256(token))
                        .map(Optional::of)
                        .defaultIfEmpty(Optional.empty())
                        .flatMap(grant -> grant.isPresent()
                                ? revocations.revokeToken(new Principal(
                                        grant.get().userId(),
                                        TokenKind.OAUTH2,
                                        client.id(),
                                        Set.of(),
                                        grant.get().accessTokenId(),
                                        Instant.EPOCH))
                                : verifier.authenticate("Bearer " + token)
                                        .filter(principal -> client.id().equals(principal.applicationId()))
                                        .map(revocations::revokeToken)
                                        .orElse(Mono.empty())));
    }

    /** A new access and refresh token for a person's consent. */
    Mono<TokenResponse> grant(Snowflake applicationId, Snowflake userId, List<String> scopes) {
        String refresh = secrets.token(AuthorizationCodes.TOKEN_CHARACTERS);
        TokenIssuer.IssuedToken access = access(userId, applicationId, scopes);
        return grants.insert(
                        new OAuth2Grants.Grant(
                                ids.next(),
                                applicationId,
                                userId,
                                scopes,
                                access.principal().tokenId()),
                        Secrets.sha256(refresh))
                .thenReturn(response(access, refresh, scopes));
    }

    private TokenIssuer.IssuedToken access(Snowflake userId, Snowflake applicationId, List<String> scopes) {
        return issuer.issue(userId, TokenKind.OAUTH2, applicationId, Set.copyOf(scopes));
    }

    private static TokenResponse response(
            TokenIssuer.IssuedToken access, @Nullable String refresh, List<String> scopes) {
        return new TokenResponse(
                access.token(),
                "Bearer",
                TokenIssuer.OAUTH2_LIFETIME.toSeconds(),
                refresh,
                String.join(" ", scopes),
                null,
                null);
    }

    /**
     * The client named, authenticated by its secret; without one, only a public client where
     * {@code publicAllowed} (its proof is then the code's PKCE).
     */
    private Mono<ApplicationClients.Client> client(ClientCredentials credentials, boolean publicAllowed) {
        Snowflake id;
        try {
            id = Snowflake.parse(credentials.clientId());
        } catch (NumberFormatException e) {
            return Mono.error(OAuth2Error.invalidClient());
        }
        Mono<ApplicationClients.Client> client = clients.find(id).switchIfEmpty(Mono.error(OAuth2Error::invalidClient));
        String secret = credentials.secret();
        if (secret == null) {
            return client.filter(found -> publicAllowed && found.publicClient())
                    .switchIfEmpty(Mono.error(OAuth2Error::invalidClient));
        }
        return client.filterWhen(found -> clients.secretMatches(found.id(), secret))
                .switchIfEmpty(Mono.error(OAuth2Error::invalidClient));
    }

    /** PKCE (RFC 7636): the verifier against the challenge the authorization request carried. */
    static final class Pkce {

        private Pkce() {}

        static boolean verifies(@Nullable String challenge, @Nullable String method, @Nullable String verifier) {
            if (challenge == null) {
                return true;
            }
            if (verifier == null || !verifier.matches("[A-Za-z0-9._~-]{43,128}")) {
                return false;
            }
            byte[] expected = "plain".equals(method)
                    ? verifier.getBytes(StandardCharsets.US_ASCII)
                    : Base64.getUrlEncoder()
                            .withoutPadding()
                            .encodeToString(Secrets.sha256(verifier))
                            .getBytes(StandardCharsets.US_ASCII);
            return MessageDigest.isEqual(expected, challenge.getBytes(StandardCharsets.US_ASCII));
        }
    }
}
