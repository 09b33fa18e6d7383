package dev.concord.remoteauth.oauth2;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.auth.TokenIssuer;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.JsonBodies;
import dev.concord.remoteauth.application.ApplicationClients;
import dev.concord.remoteauth.user.UserRow;
import dev.concord.remoteauth.user.UserStore;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.util.MultiValueMap;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/** HTTP for OAuth2; the rules are in {@link OAuth2Authorization} and {@link OAuth2Tokens}. */
@Component
class OAuth2Handler {

    /**
     * The consent's answer: {@code authorize} false denies; for the {@code bot} scope the guild chosen and
     * the permissions granted to the bot's role (a decimal string or a number); for {@code
     * applications.commands} in a group DM the group's {@code channel_id}.
     */
    record Decision(
            @Nullable Boolean authorize,
            @Nullable Snowflake guildId,
            @Nullable JsonNode permissions,
            @Nullable Snowflake webhookChannelId,
            @Nullable Snowflake channelId) {}

    private final OAuth2Authorization authorization;
    private final OAuth2Tokens tokens;
    private final ApplicationClients clients;
    private final UserStore users;

    OAuth2Handler(OAuth2Authorization authorization, OAuth2Tokens tokens, ApplicationClients clients, UserStore users) {
        this.authorization = authorization;
        this.tokens = tokens;
        this.clients = clients;
        this.users = users;
    }

    Mono<ServerResponse> consentScreen(ServerRequest request) {
        Principal me = Principals.user(request);
        return authorization.consentScreen(me, AuthorizeQuery.of(request)).flatMap(screen -> ServerResponse.ok()
                .bodyValue(screen));
    }

    Mono<ServerResponse> decide(ServerRequest request) {
        Principal me = Principals.user(request);
        return JsonBodies.required(request, Decision.class)
                .flatMap(decision -> authorization.decide(me, AuthorizeQuery.of(request), decision))
                .flatMap(location -> ServerResponse.ok().bodyValue(location));
    }

    /** The token endpoint: a form, the client authenticated by HTTP Basic or by the form's fields. */
    Mono<ServerResponse> token(ServerRequest request) {
        return form(request)
                .flatMap(form -> {
                    OAuth2Tokens.ClientCredentials client = credentials(request, form);
                    String grantType = Objects.requireNonNullElse(form.getFirst("grant_type"), "");
                    return switch (grantType) {
                        case "authorization_code" ->
                            tokens.authorizationCode(
                                    client,
                                    form.getFirst("code"),
                                    form.getFirst("redirect_uri"),
                                    form.getFirst("code_verifier"));
                        case "refresh_token" -> tokens.refresh(client, form.getFirst("refresh_token"));
                        case "client_credentials" -> tokens.clientCredentials(client, form.getFirst("scope"));
                        default -> Mono.<TokenResponse>error(OAuth2Error.unsupportedGrantType());
                    };
                })
                .flatMap(answer ->
                        ServerResponse.ok().headers(OAuth2Handler::noStore).bodyValue(answer))
                .onErrorResume(OAuth2Error.class, OAuth2Handler::error);
    }

    Mono<ServerResponse> revoke(ServerRequest request) {
        return form(request)
                .flatMap(form -> tokens.revoke(credentials(request, form), form.getFirst("token")))
                .then(ServerResponse.ok().bodyValue(Map.of()))
                .onErrorResume(OAuth2Error.class, OAuth2Handler::error);
    }

    /** What a Bearer token may see of itself: its application, scopes, expiry and, with {@code identify}, its user. */
    Mono<ServerResponse> me(ServerRequest request) {
        Principal me = Principals.of(request);
        if (!me.isOAuth2() || me.applicationId() == null) {
            throw ApiErrors.unauthorized();
        }
        Mono<Map<String, Object>> info = clients.partial(me.applicationId()).map(application -> {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("application", application);
            body.put("scopes", me.scopes().stream().sorted().toList());
            body.put("expires", me.issuedAt().plus(TokenIssuer.OAUTH2_LIFETIME).toString());
            return body;
        });
        if (me.hasScope(OAuth2Scopes.IDENTIFY)) {
            info = info.zipWith(users.find(me.userId()).map(UserRow::partialUser), (body, user) -> {
                body.put("user", user);
                return body;
            });
        }
        return info.flatMap(body -> ServerResponse.ok().bodyValue(body));
    }

    private static Mono<MultiValueMap<String, String>> form(ServerRequest request) {
        boolean isForm = request.headers()
                .contentType()
                .map(type -> type.isCompatibleWith(MediaType.APPLICATION_FORM_URLENCODED))
                .orElse(false);
        return isForm
                ? request.formData()
                : Mono.error(OAuth2Error.invalidRequest("Expected application/x-www-form-urlencoded."));
    }

    /** RFC 6749 2.3.1: HTTP Basic with the form-encoded id and secret, else {@code client_id} / {@code client_secret}. */
    private static OAuth2Tokens.ClientCredentials credentials(
            ServerRequest request, MultiValueMap<String, String> form) {
        String header = request.headers().firstHeader(HttpHeaders.AUTHORIZATION);
        if (header != null && header.regionMatches(true, 0, "Basic ", 0, 6)) {
            String decoded;
            try {
                decoded = new String(
                        Base64.getDecoder().decode(header.substring(6).trim()), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                throw OAuth2Error.invalidClient();
            }
            int colon = decoded.indexOf(':');
            if (colon < 0) {
                throw OAuth2Error.invalidClient();
            }
            return new OAuth2Tokens.ClientCredentials(
                    URLDecoder.decode(decoded.substring(0, colon), StandardCharsets.UTF_8),
                    URLDecoder.decode(decoded.substring(colon + 1), StandardCharsets.UTF_8));
        }
        return new OAuth2Tokens.ClientCredentials(
                Objects.requireNonNullElse(form.getFirst("client_id"), ""), form.getFirst("client_secret"));
    }

    private static void noStore(HttpHeaders headers) {
        headers.setCacheControl("no-store");
        headers.setPragma("no-cache");
    }

    private static Mono<ServerResponse> error(OAuth2Error error) {
        return ServerResponse.status(error.status())
                .headers(OAuth2Handler::noStore)
                .bodyValue(error.body());
    }
}
