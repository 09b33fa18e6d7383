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

    /**
     * The caller of an endpoint only a person's own session may use (settings, relationships...): bot
     * tokens get 403 20001, OAuth2 tokens 403 50001.
     */
    public static Principal user(ServerRequest request) {
        Principal principal = of(request);
        return switch (principal.kind()) {
            case USER -> principal;
            case BOT -> throw ApiErrors.botsNotAllowed();
            case OAUTH2 -> throw ApiErrors.missingAccess();
        };
    }

    /**
     * The caller of an endpoint people and bots use for themselves (guilds, channels...): OAuth2 tokens
     * get 403 50001, since no scope grants an application these.
     */
    public static Principal userOrBot(ServerRequest request) {
        Principal principal = of(request);
        if (principal.kind() == TokenKind.OAUTH2) {
            throw ApiErrors.missingAccess();
        }
        return principal;
    }

    public static Principal of(ServerWebExchange exchange) {
        Principal principal = exchange.getAttribute(ATTRIBUTE);
        if (principal == null) {
            throw ApiErrors.unauthorized();
        }
        return principal;
    }
}
