package dev.concord.edge;

import dev.concord.platform.web.ApiException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.cloud.gateway.route.Route;
import org.springframework.cloud.gateway.support.ServerWebExchangeUtils;
import org.springframework.core.Ordered;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.PrematureCloseException;

/**
 * A service that is down or drops the connection answers 502 in the platform's error shape. Left alone,
 * the connection error would reach the platform's handler as an unexpected failure: a 500 and a logged
 * stack trace per request, when the edge itself is fine.
 */
@Component
final class UnreachableServiceFilter implements GlobalFilter, Ordered {

    private static final Logger log = LoggerFactory.getLogger(UnreachableServiceFilter.class);
    private static final ApiException BAD_GATEWAY = new ApiException(HttpStatus.BAD_GATEWAY, 0, "502: Bad Gateway");

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
        return chain.filter(exchange).onErrorMap(UnreachableServiceFilter::unreachable, failure -> {
            Route route = exchange.getAttribute(ServerWebExchangeUtils.GATEWAY_ROUTE_ATTR);
            log.warn("{} unreachable: {}", route != null ? route.getUri() : "service", failure.toString());
            return BAD_GATEWAY;
        });
    }

    private static boolean unreachable(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof ConnectException || cause instanceof UnknownHostException
                    || cause instanceof PrematureCloseException) {
                return true;
            }
        }
        return false;
    }

    /** Outermost, so it sees the failure of the proxying filters beneath it. */
    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }
}
