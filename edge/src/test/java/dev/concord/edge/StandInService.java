package dev.concord.edge;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * Stands in for a real service behind the edge and reports what reached it: its name, the URI it saw
 * and the headers the edge is meant to pass on, in response headers, with the request body echoed
 * back as it streams in. A WebSocket gets its name and URI as the first frame, then its own frames back.
 */
final class StandInService {

    static final String SERVICE = "X-Service";
    static final String SEEN_URI = "X-Seen-Uri";
    static final String SEEN_AUTHORIZATION = "X-Seen-Authorization";
    static final String SEEN_FORWARDED_FOR = "X-Seen-Forwarded-For";

    private StandInService() {}

    static DisposableServer start(String service) {
        return HttpServer.create().host("127.0.0.1").port(0)
                .handle((request, response) -> answer(service, request, response))
                .bindNow();
    }

    private static Publisher<Void> answer(
            String service, HttpServerRequest request, HttpServerResponse response) {
        if (request.requestHeaders().containsValue(HttpHeaderNames.UPGRADE, HttpHeaderValues.WEBSOCKET, true)) {
            return response.sendWebsocket((in, out) -> out.sendString(
                    Mono.just(service + " " + request.uri()).concatWith(in.receive().asString())));
        }
        return response.header(SERVICE, service)
                .header(SEEN_URI, request.uri())
                .header(SEEN_AUTHORIZATION, String.valueOf(request.requestHeaders().get("Authorization")))
                .header(SEEN_FORWARDED_FOR, String.valueOf(request.requestHeaders().get("X-Forwarded-For")))
                .send(request.receive().retain());
    }
}
