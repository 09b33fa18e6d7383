package dev.concord.edge;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import java.net.InetSocketAddress;
import java.util.List;
import reactor.netty.http.server.HttpServerRequest;

/**
 * Which headers cross the edge. Hop-by-hop headers (RFC 9110 §7.6.1) describe one connection and stop
 * here. The edge is the first hop, so a client's own {@code X-Forwarded-*} and {@code Forwarded} are
 * claims, not facts: they are replaced with what the edge saw, never appended to.
 */
final class ProxyHeaders {

    static final String X_FORWARDED_FOR = "X-Forwarded-For";
    static final String X_FORWARDED_HOST = "X-Forwarded-Host";
    static final String X_FORWARDED_PROTO = "X-Forwarded-Proto";

    private static final List<CharSequence> HOP_BY_HOP = List.of(
            HttpHeaderNames.CONNECTION,
            "Keep-Alive",
            HttpHeaderNames.PROXY_AUTHENTICATE,
            HttpHeaderNames.PROXY_AUTHORIZATION,
            "Proxy-Connection",
            HttpHeaderNames.TE,
            HttpHeaderNames.TRAILER,
            HttpHeaderNames.TRANSFER_ENCODING,
            HttpHeaderNames.UPGRADE);

    /** Set by the edge or the HTTP client for the next hop, never taken from the client. */
    private static final List<CharSequence> REPLACED_ON_REQUESTS = List.of(
            HttpHeaderNames.HOST,
            HttpHeaderNames.EXPECT,
            "Forwarded",
            X_FORWARDED_FOR,
            X_FORWARDED_HOST,
            X_FORWARDED_PROTO,
            "X-Forwarded-Port",
            "X-Forwarded-Prefix");

    /** The WebSocket client writes its own handshake; a copied key or extension offer would break it. */
    private static final List<CharSequence> WEBSOCKET_HANDSHAKE = List.of(
            HttpHeaderNames.SEC_WEBSOCKET_KEY, HttpHeaderNames.SEC_WEBSOCKET_VERSION,
            HttpHeaderNames.SEC_WEBSOCKET_EXTENSIONS, HttpHeaderNames.SEC_WEBSOCKET_PROTOCOL);

    private ProxyHeaders() {}

    /** The headers of {@code request} as the service should get them. */
    static void forRequest(HttpServerRequest request, HttpHeaders out) {
        HttpHeaders in = request.requestHeaders();
        out.set(in);
        removeHopByHop(in, out);
        REPLACED_ON_REQUESTS.forEach(out::remove);
        InetSocketAddress client = request.remoteAddress();
        if (client != null && client.getAddress() != null) {
            out.set(X_FORWARDED_FOR, client.getAddress().getHostAddress());
        }
        String host = in.get(HttpHeaderNames.HOST);
        if (host != null) {
            out.set(X_FORWARDED_HOST, host);
        }
        out.set(X_FORWARDED_PROTO, request.scheme());
    }

    /** Like {@link #forRequest}, for the handshake the edge makes with the service's WebSocket. */
    static void forWebSocketRequest(HttpServerRequest request, HttpHeaders out) {
        forRequest(request, out);
        WEBSOCKET_HANDSHAKE.forEach(out::remove);
    }

    /** The headers of a service's response as the client should get them. */
    static void forResponse(HttpHeaders in, HttpHeaders out) {
        out.set(in);
        removeHopByHop(in, out);
    }

    /**
     * True when the request carries a body to stream on. A bodiless request is forwarded without one, so
     * the service does not see a chunked empty body on a GET.
     */
    static boolean hasBody(HttpServerRequest request) {
        HttpHeaders headers = request.requestHeaders();
        String length = headers.get(HttpHeaderNames.CONTENT_LENGTH);
        return headers.contains(HttpHeaderNames.TRANSFER_ENCODING) || length != null && !length.equals("0");
    }

    private static void removeHopByHop(HttpHeaders in, HttpHeaders out) {
        // A Connection header may name further headers that belong to this hop only.
        for (String listed : in.getAll(HttpHeaderNames.CONNECTION)) {
            for (String name : listed.split(",")) {
                if (!name.isBlank()) {
                    out.remove(name.trim());
                }
            }
        }
        HOP_BY_HOP.forEach(out::remove);
    }
}
