package dev.concord.remoteauth.oauth2;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import dev.concord.remoteauth.application.ApplicationClients;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.web.reactive.function.server.ServerRequest;

/**
 * The query of {@code /oauth2/authorize}, as the application's authorization link carries it:
 * {@code client_id}, {@code response_type=code}, {@code scope}, {@code redirect_uri}, {@code state} and
 * PKCE's {@code code_challenge} and {@code code_challenge_method} (S256 or plain); a bot's invite link
 * may also name the {@code guild_id} and the {@code permissions} its role gets; a link adding an
 * application's commands to a group DM names the group's {@code channel_id}.
 */
record AuthorizeQuery(
        String clientId,
        @Nullable String responseType,
        @Nullable String scope,
        @Nullable String redirectUri,
        @Nullable String state,
        @Nullable String codeChallenge,
        @Nullable String codeChallengeMethod,
        @Nullable String guildId,
        @Nullable String permissions,
        @Nullable String channelId) {

    static AuthorizeQuery of(ServerRequest request) {
        return new AuthorizeQuery(
                request.queryParam("client_id").orElse(""),
                request.queryParam("response_type").orElse(null),
                request.queryParam("scope").orElse(null),
                request.queryParam("redirect_uri").orElse(null),
                request.queryParam("state").orElse(null),
                request.queryParam("code_challenge").orElse(null),
                request.queryParam("code_challenge_method").orElse(null),
                request.queryParam("guild_id").orElse(null),
                request.queryParam("permissions").orElse(null),
                request.queryParam("channel_id").orElse(null));
    }

    /** The client id as a snowflake; 50035 naming {@code client_id} otherwise. */
    Snowflake applicationId() {
        try {
            return Snowflake.parse(clientId);
        } catch (NumberFormatException e) {
            throw new Violations()
                    .add("client_id", "NUMBER_TYPE_COERCE", "Value is not snowflake.")
                    .toException();
        }
    }

    /**
     * The scopes, checked against what the client may ask; the violations name the parameter. The
     * {@code bot} scope needs an application with a bot, and guild-service to add it ({@code
     * botsAvailable}); {@code webhook.incoming} needs webhook-service to make the webhook ({@code
     * webhooksAvailable}).
     */
    List<String> checkedScopes(ApplicationClients.Client client, boolean botsAvailable, boolean webhooksAvailable) {
        Violations violations = new Violations();
        List<String> scopes = OAuth2Scopes.parse(scope, OAuth2Scopes.SUPPORTED);
        if (scopes == null) {
            violations.add("scope", "OAUTH2_INVALID_SCOPE", "Invalid scope.");
        } else if ((scopes.contains(OAuth2Scopes.WEBHOOK_INCOMING) && !webhooksAvailable)
                || (scopes.contains(OAuth2Scopes.BOT) && !botsAvailable)) {
            violations.add("scope", "OAUTH2_SCOPE_UNAVAILABLE", "Adding a bot or a webhook is not available here.");
        } else if (scopes.contains(OAuth2Scopes.BOT) && client.botUserId() == null) {
            violations.add("scope", "OAUTH2_BOT_MISSING", "This application has no bot.");
        }
        if (scopes == null || isCodeFlow(client, scopes)) {
            if (!"code".equals(responseType)) {
                violations.add("response_type", "BASE_TYPE_CHOICES", "Value must be one of {'code'}.");
            }
            String uri = redirectUri(client);
            if (uri == null || !client.redirectUris().contains(uri)) {
                violations.add("redirect_uri", "OAUTH2_INVALID_REDIRECT_URI", "Invalid \"redirect_uri\" in request.");
            }
        }
        if (codeChallenge != null) {
            if (!codeChallenge.matches("[A-Za-z0-9._~-]{43,128}")) {
                violations.add("code_challenge", "BASE_TYPE_BAD_LENGTH", "Must be between 43 and 128 in length.");
            }
            if (codeChallengeMethod != null && !List.of("S256", "plain").contains(codeChallengeMethod)) {
                violations.add("code_challenge_method", "BASE_TYPE_CHOICES", "Value must be one of {'S256', 'plain'}.");
            }
        }
        violations.throwIfAny();
        return scopes == null ? List.of() : scopes;
    }

    /**
     * Whether the consent ends in a code for the application: always, except when it only adds a bot
     * ({@code bot}, maybe with {@code applications.commands}) to a guild without asking for one, as a
     * bot's invite link does; an application that requires the code grant for its bot gets one anyway.
     */
    boolean isCodeFlow(ApplicationClients.Client client, List<String> scopes) {
        return !OAuth2Scopes.BOT_ONLY.containsAll(scopes) || client.botRequireCodeGrant() || responseType != null;
    }

    /** The redirect URI of the request or, when the client registered exactly one, that one. */
    @Nullable
    String redirectUri(ApplicationClients.Client client) {
        if (redirectUri != null) {
            return redirectUri;
        }
        return client.redirectUris().size() == 1 ? client.redirectUris().get(0) : null;
    }
}
