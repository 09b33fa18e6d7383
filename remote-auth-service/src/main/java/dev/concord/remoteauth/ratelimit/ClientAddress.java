package dev.concord.remoteauth.ratelimit;

import java.net.InetSocketAddress;
import org.springframework.http.server.reactive.ServerHttpRequest;

/**
 * The address a request comes from, for per-client limits. The edge (and the ingress) replace
 * {@code X-Forwarded-For} with the connection's address, so its first hop is the client; without the
 * header the request came straight to this service.
 */
public final class ClientAddress {

    /** Longer than any IPv6 literal; keeps a forged header from making huge Redis keys. */
    private static final int MAX_LENGTH = 64;

    private ClientAddress() {}

    public static String of(ServerHttpRequest request) {
        String forwarded = request.getHeaders().getFirst("X-Forwarded-For");
        if (forwarded != null) {
            int comma = forwarded.indexOf(',');
            String first = (comma < 0 ? forwarded : forwarded.substring(0, comma)).trim();
            if (!first.isEmpty()) {
                return first.length() > MAX_LENGTH ? first.substring(0, MAX_LENGTH) : first;
            }
        }
        InetSocketAddress remote = request.getRemoteAddress();
        if (remote == null || remote.getAddress() == null) {
            return "unknown";
        }
        return remote.getAddress().getHostAddress();
    }
}
