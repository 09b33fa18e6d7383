package dev.concord.edge;

import java.net.InetSocketAddress;
import org.springframework.cloud.gateway.filter.headers.HttpHeadersFilter;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;

/**
 * Tells services the client's address in {@code X-Forwarded-For}. The gateway's own X-Forwarded filter
 * only runs once {@code trusted-proxies} is set, and then keeps only addresses matching it, the client's
 * included. The edge is the first hop, so a client's own X-Forwarded-For is a claim, not a fact: it is
 * replaced with the address the connection comes from, never appended to.
 */
@Component
final class ClientAddressHeader implements HttpHeadersFilter, Ordered {

    static final String X_FORWARDED_FOR = "X-Forwarded-For";

    @Override
    public HttpHeaders filter(HttpHeaders input, ServerWebExchange exchange) {
        InetSocketAddress remote = exchange.getRequest().getRemoteAddress();
        if (remote == null || remote.getAddress() == null) {
            return input;
        }
        HttpHeaders headers = HttpHeaders.copyOf(input);
        headers.set(X_FORWARDED_FOR, remote.getAddress().getHostAddress());
        return headers;
    }

    /** After the gateway's filter that strips every inbound X-Forwarded-* header. */
    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
