package dev.concord.platform.auth;

import dev.concord.platform.web.ApiErrors;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.server.ServerWebExchange;

/** The caller of the current request, as set by the authentication filter. */
public final class Principals {

    static final String ATTRIBUTE = Principal.class.getName();

    private Principals() {}

    /** The caller; 401 when the request carried no valid token (only possible on public paths). */
    public static Principal of(ServerRequest request) {
        return of(request.exchange());
    }

    public static Principal of(ServerWebExchange exchange) {
        Principal principal = exchange.getAttribute(ATTRIBUTE);
        if (principal == null) {
            throw ApiErrors.unauthorized();
        }
        return principal;
    }
}
