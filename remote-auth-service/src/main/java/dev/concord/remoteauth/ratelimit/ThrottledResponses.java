package dev.concord.remoteauth.ratelimit;

import java.time.Clock;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Turns a {@link Throttled} from any handler into the platform's 429 with the bucket's headers, in one
 * place rather than in each handler that counts attempts.
 */
@Component
class ThrottledResponses implements WebFilter {

    private final Clock clock;

    ThrottledResponses(Clock clock) {
        this.clock = clock;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        return chain.filter(exchange)
                .onErrorMap(
                        Throttled.class,
                        throttled -> RateLimitResponses.tooManyRequests(
                                throttled.quota(), exchange.getResponse().getHeaders(), clock));
    }
}
