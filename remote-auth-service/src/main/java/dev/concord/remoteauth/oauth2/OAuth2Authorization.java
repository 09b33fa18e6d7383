package dev.concord.remoteauth.oauth2;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import dev.concord.remoteauth.application.ApplicationClients;
import dev.concord.remoteauth.user.UserRow;
import dev.concord.remoteauth.user.UserStore;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * The authorization endpoint a logged-in person's client calls: {@code GET} for what the consent screen
 * shows, {@code POST} with the person's answer, which sends them back to the application's redirect URI
 * with a code (or {@code access_denied}).
 */
@Service
class OAuth2Authorization {

    private final ApplicationClients clients;
    private final AuthorizationCodes codes;
    private final OAuth2Grants grants;
    private final UserStore users;

    OAuth2Authorization(ApplicationClients clients, AuthorizationCodes codes, OAuth2Grants grants, UserStore users) {
        this.clients = clients;
        this.codes = codes;
        this.grants = grants;
        this.users = users;
    }

    /** What the consent screen needs: the application, the person, whether they granted this before, where they go. */
    Mono<Map<String, Object>> consentScreen(Principal me, AuthorizeQuery query) {
        return client(query).flatMap(client -> {
            List<String> scopes = query.checkedScopes(client);
            return Mono.zip(
                            clients.partial(client.id()),
                            users.find(me.userId()).map(UserRow::partialUser),
                            grants.covers(me.userId(), client.id(), scopes))
                    .map(found -> {
                        Map<String, Object> screen = new LinkedHashMap<>();
                        screen.put("application", found.getT1());
                        screen.put("user", found.getT2());
                        screen.put("authorized", found.getT3());
                        screen.put("redirect_uri", Objects.requireNonNull(query.redirectUri(client)));
                        screen.put("scopes", scopes);
                        return screen;
                    });
        });
    }

    /** The person's answer: the URL their client goes to next. */
    Mono<Map<String, String>> decide(Principal me, AuthorizeQuery query, boolean authorize) {
        return client(query).flatMap(client -> {
            List<String> scopes = query.checkedScopes(client);
            String redirectUri = Objects.requireNonNull(query.redirectUri(client));
            if (!authorize) {
                return Mono.just(location(
                        redirectUri,
                        Map.of(
                                "error", "access_denied",
                                "error_description", "The resource owner or authorization server denied the request"),
                        query.state()));
            }
            return codes.issue(new AuthorizationCodes.Grant(
                            client.id(),
                            me.userId(),
                            scopes,
                            query.redirectUri(),
                            query.codeChallenge(),
                            query.codeChallenge() == null
                                    ? null
                                    : Objects.requireNonNullElse(query.codeChallengeMethod(), "plain")))
                    .map(code -> location(redirectUri, Map.of("code", code), query.state()));
        });
    }

    private Mono<ApplicationClients.Client> client(AuthorizeQuery query) {
        Snowflake id = query.applicationId();
        return clients.find(id).switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.APPLICATION)));
    }

    private static Map<String, String> location(
            String redirectUri, Map<String, String> parameters, @Nullable String state) {
        StringBuilder url = new StringBuilder(redirectUri).append(redirectUri.contains("?") ? '&' : '?');
        Map<String, String> all = new LinkedHashMap<>(parameters);
        if (state != null) {
            all.put("state", state);
        }
        all.forEach((name, value) -> url.append(name)
                .append('=')
                .append(URLEncoder.encode(value, StandardCharsets.UTF_8))
                .append('&'));
        url.setLength(url.length() - 1);
        return Map.of("location", url.toString());
    }
}
