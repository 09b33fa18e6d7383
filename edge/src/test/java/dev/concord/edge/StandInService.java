package dev.concord.edge;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;
import reactor.netty.http.websocket.WebsocketOutbound;

/**
 * Stands in for a real service behind the edge and reports what reached it: its name, the URI it saw
 * and the headers the edge is meant to pass on, in response headers, with the request body echoed
 * back as it streams in. A WebSocket gets its name and URI as the first frame, then its own frames back,
 * until it asks for a close with a code of its choosing.
 */
final class StandInService {

    static final String SERVICE = "X-Service";
    static final String SEEN_URI = "X-Seen-Uri";
    static final String SEEN_AUTHORIZATION = "X-Seen-Authorization";
    static final String SEEN_FORWARDED_FOR = "X-Seen-Forwarded-For";
    /** A text frame {@code close:4004 reason} makes the stand-in close with that code and reason. */
    static final String CLOSE_WITH = "close:";
    /** In a WebSocket's query: the stand-in refuses the upgrade with 429, as a service over its limits does. */
    static final String REFUSE_UPGRADE = "refuse=429";

    /** In a HEAD's query: the stand-in answers as a service does a HEAD on a path without GET. */
    static final String HEAD_WITHOUT_GET = "head=405";

    private static volatile WebSocketCloseStatus lastCloseSeen;

    private StandInService() {}

    static DisposableServer start(String service) {
        return HttpServer.create()
                .host("127.0.0.1")
                .port(0)
                .handle((request, response) -> answer(service, request, response))
                .bindNow();
    }

    /** The close status the last WebSocket client sent the stand-in, as it arrived. */
    static WebSocketCloseStatus lastCloseSeen() {
        return lastCloseSeen;
    }

    private static Mono<Void> closeAsAsked(WebsocketOutbound out, String codeAndReason) {
        int space = codeAndReason.indexOf(' ');
        return out.sendClose(Integer.parseInt(codeAndReason.substring(0, space)), codeAndReason.substring(space + 1));
    }

    private static Publisher<Void> answer(String service, HttpServerRequest request, HttpServerResponse response) {
        if (request.uri().contains(REFUSE_UPGRADE)) {
            return response.status(429)
                    .header("Retry-After", "7")
                    .header("X-RateLimit-Bucket", "stand-in")
                    .sendString(Mono.just(
                            "{\"message\":\"You are being rate limited.\",\"retry_after\":6.5,\"global\":false}"));
        }
        if (request.uri().contains(HEAD_WITHOUT_GET)) {
            return response.status(405)
                    .header(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                    .header(HttpHeaderNames.CONTENT_LENGTH, "46")
                    .send();
        }
        if (request.requestHeaders().containsValue(HttpHeaderNames.UPGRADE, HttpHeaderValues.WEBSOCKET, true)) {
            return response.sendWebsocket((in, out) -> {
                in.receiveCloseStatus().subscribe(status -> lastCloseSeen = status);
                return out.sendString(Mono.just(service + " " + request.uri()))
                        .then()
                        .thenMany(in.receive()
                                .asString()
                                .concatMap(text -> text.startsWith(CLOSE_WITH)
                                        ? closeAsAsked(out, text.substring(CLOSE_WITH.length()))
                                        : out.sendString(Mono.just(text)).then()))
                        .then();
            });
        }
        return response.header(SERVICE, service)
                .header(SEEN_URI, request.uri())
                .header(
                        SEEN_AUTHORIZATION,
                        String.valueOf(request.requestHeaders().get("Authorization")))
                .header(
                        SEEN_FORWARDED_FOR,
                        String.valueOf(request.requestHeaders().get("X-Forwarded-For")))
                .send(request.receive().retain());
    }
}
