package dev.concord.edge;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.charset.StandardCharsets;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerResponse;

/** The answers the edge gives itself, in the platform's error shape: {@code {"message":"404: Not Found","code":0}}. */
final class PlatformErrors {

    private PlatformErrors() {
    }

    static Publisher<Void> notFound(HttpServerResponse response) {
        return send(response, HttpResponseStatus.NOT_FOUND);
    }

    static Publisher<Void> badGateway(HttpServerResponse response) {
        return send(response, HttpResponseStatus.BAD_GATEWAY);
    }

    static Publisher<Void> gatewayTimeout(HttpServerResponse response) {
        return send(response, HttpResponseStatus.GATEWAY_TIMEOUT);
    }

    private static Publisher<Void> send(HttpServerResponse response, HttpResponseStatus status) {
        byte[] body = ("{\"message\":\"" + status.code() + ": " + status.reasonPhrase() + "\",\"code\":0}")
                .getBytes(StandardCharsets.UTF_8);
        return response.status(status)
                .header(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                .sendByteArray(Mono.just(body));
    }
}
