package dev.concord.edge;

import dev.concord.platform.netty.MalformedRequests;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.charset.StandardCharsets;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerResponse;

/** The answers the edge gives itself, in the platform's error shape: {@code {"message":"404: Not Found","code":0}}. */
final class PlatformErrors {

    private PlatformErrors() {}

    static Publisher<Void> notFound(HttpServerResponse response) {
        return send(response, HttpResponseStatus.NOT_FOUND);
    }

    static Publisher<Void> badGateway(HttpServerResponse response) {
        return send(response, HttpResponseStatus.BAD_GATEWAY);
    }

    static Publisher<Void> gatewayTimeout(HttpServerResponse response) {
        return send(response, HttpResponseStatus.GATEWAY_TIMEOUT);
    }

    /**
     * A service's refusal of a WebSocket upgrade, handed on: its status and the headers clients pace
     * themselves by. The refusal's body does not survive the handshake, so a 429 gets the platform's
     * rate-limit body rebuilt from {@code Retry-After}, any other status the generic one.
     */
    static Publisher<Void> refusedUpgrade(HttpServerResponse response, HttpResponse refused) {
        HttpHeaders headers = refused.headers();
        for (String name : headers.names()) {
            if (name.equalsIgnoreCase("Retry-After")
                    || name.regionMatches(true, 0, "X-RateLimit-", 0, "X-RateLimit-".length())) {
                response.header(name, headers.get(name));
            }
        }
        HttpResponseStatus status = refused.status();
        if (status.code() != HttpResponseStatus.TOO_MANY_REQUESTS.code()) {
            return send(response, status);
        }
        String retryAfter = headers.get("Retry-After");
        String seconds = retryAfter != null && retryAfter.matches("\\d{1,9}") ? retryAfter : "1";
        byte[] body = ("{\"message\":\"You are being rate limited.\",\"retry_after\":" + seconds + ",\"global\":false}")
                .getBytes(StandardCharsets.UTF_8);
        return response.status(status)
                .header(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                .sendByteArray(Mono.just(body));
    }

    private static Publisher<Void> send(HttpServerResponse response, HttpResponseStatus status) {
        byte[] body = MalformedRequests.body(status);
        // The length is set even for HEAD, whose answer Reactor Netty sends without the body.
        return response.status(status)
                .header(HttpHeaderNames.CONTENT_LENGTH, Integer.toString(body.length))
                .header(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                .sendByteArray(Mono.just(body));
    }
}
