package dev.concord.platform.web;

import org.springframework.core.Ordered;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * A path with a NUL character ({@code %00}) names nothing: no id, code or name a service keeps can hold
 * one (PostgreSQL's text refuses U+0000, which made {@code GET /invites/%00} a 500). Every such request
 * is the platform's 404 before any route, filter or query sees it.
 */
final class NulInPathFilter implements WebFilter, Ordered {

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (exchange.getRequest().getPath().value().contains("%00")) {
            return Mono.error(ApiErrors.notFound());
        }
        return chain.filter(exchange);
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }
}
