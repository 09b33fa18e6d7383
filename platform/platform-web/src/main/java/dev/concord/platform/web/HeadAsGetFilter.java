package dev.concord.platform.web;

import org.springframework.core.Ordered;
import org.springframework.http.HttpMethod;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * HEAD is answered as GET would be, without the body: functional routes match GET only, so without this
 * every HEAD was a 405. Where the path has no GET, the answer is GET's error (404 or 405) with its
 * headers, {@code Content-Type: application/json} and the length of the body it would have had. No HEAD
 * answer carries a body (RFC 9110, 9.3.2): Spring's server adapter drops it and keeps the length.
 */
final class HeadAsGetFilter implements WebFilter, Ordered {

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (HttpMethod.HEAD.equals(exchange.getRequest().getMethod())) {
            return chain.filter(exchange.mutate()
                    .request(request -> request.method(HttpMethod.GET))
                    .build());
        }
        return chain.filter(exchange);
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE + 1;
    }
}
