package dev.concord.platform.auth;

import dev.concord.platform.web.ApiErrors;
import java.util.List;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.server.PathContainer;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;
import reactor.core.publisher.Mono;

/**
 * Default deny: every request but the configured public paths needs a valid token, so a route cannot be
 * left open by forgetting a check. The principal is put on the exchange for handlers.
 *
 * <p>{@code /internal/**} is for other services only: it takes nothing but the internal secret, and
 * no token opens it. A public path is open without a token; with one, the token must verify.
 */
final class AuthenticationFilter implements WebFilter, Ordered {

    private static final PathPattern INTERNAL = PathPatternParser.defaultInstance.parse("/internal/**");

    private final TokenVerifier verifier;
    private final List<PublicPath> publicPaths;
    private final InternalCredential internal;

    AuthenticationFilter(TokenVerifier verifier, List<String> publicPaths, InternalCredential internal) {
        this.verifier = verifier;
        this.publicPaths = publicPaths.stream().map(PublicPath::parse).toList();
        this.internal = internal;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        String header = exchange.getRequest().getHeaders().getFirst(HttpHeaders.AUTHORIZATION);
        if (INTERNAL.matches(exchange.getRequest().getPath().pathWithinApplication())) {
            return internal.matches(header) ? chain.filter(exchange) : Mono.error(ApiErrors.unauthorized());
        }
        Principal principal = verifier.authenticate(header).orElse(null);
        if (principal != null) {
            exchange.getAttributes().put(Principals.ATTRIBUTE, principal);
            return chain.filter(exchange);
        }
        // A public path is open to the anonymous, not to a bad credential: a token that does not verify
        // is a 401 there too, as on the platform, so a client learns its token is dead on any route.
        // HTTP Basic is no platform token: on a public path it is the route's own credential (an OAuth2
        // client authenticating at the token endpoint), checked there.
        if ((header == null || header.isBlank() || header.regionMatches(true, 0, "Basic ", 0, 6))
                && isPublic(
                        exchange.getRequest().getMethod(),
                        exchange.getRequest().getPath().pathWithinApplication())) {
            return chain.filter(exchange);
        }
        return Mono.error(ApiErrors.unauthorized());
    }

    private boolean isPublic(HttpMethod method, PathContainer path) {
        for (PublicPath open : publicPaths) {
            if (open.matches(method, path)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public int getOrder() {
        // After metrics/tracing filters, before anything that reads the principal.
        return Ordered.HIGHEST_PRECEDENCE + 100;
    }
}
