package dev.concord.edge;

import io.netty.handler.timeout.ReadTimeoutException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import org.reactivestreams.Publisher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.PrematureCloseException;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * Forwards one HTTP request to a service and streams the answer back. Bodies are never buffered in
 * either direction, so an upload of any size costs the edge a few chunks of memory at a time.
 */
final class HttpForwarder {

    private static final Logger log = LoggerFactory.getLogger(HttpForwarder.class);

    private final HttpClient client;

    HttpForwarder(HttpClient client) {
        this.client = client;
    }

    /** {@code target} is the service's base URL followed by the path and query to forward. */
    Publisher<Void> forward(HttpServerRequest request, HttpServerResponse response, String service, String target) {
        HttpClient.RequestSender sender = client.headers(headers -> ProxyHeaders.forRequest(request, headers))
                .request(request.method())
                .uri(target);
        HttpClient.ResponseReceiver<?> exchange =
                ProxyHeaders.hasBody(request) ? sender.send(request.receive().retain()) : sender;
        return exchange.response((answer, body) -> {
                    response.status(answer.status());
                    ProxyHeaders.forResponse(answer.responseHeaders(), response.responseHeaders());
                    return response.send(body.retain());
                })
                .then()
                .onErrorResume(failure -> answerFailure(response, service, failure));
    }

    /**
     * A service that is down or drops the connection answers 502, one that does not answer in time 504,
     * both in the platform's shape. Once the service's status line has gone out nothing can be said any
     * more: the connection is closed so the client sees a cut-off answer, not a complete wrong one.
     */
    private static Mono<Void> answerFailure(HttpServerResponse response, String service, Throwable failure) {
        if (response.hasSentHeaders()) {
            return Mono.error(failure);
        }
        if (isCause(failure, ReadTimeoutException.class)) {
            log.warn("{} did not answer in time", service);
            return Mono.from(PlatformErrors.gatewayTimeout(response));
        }
        if (isCause(failure, ConnectException.class)
                || isCause(failure, UnknownHostException.class)
                || isCause(failure, PrematureCloseException.class)) {
            log.warn("{} unreachable: {}", service, failure.toString());
            return Mono.from(PlatformErrors.badGateway(response));
        }
        return Mono.error(failure);
    }

    private static boolean isCause(Throwable failure, Class<? extends Throwable> type) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (type.isInstance(cause)) {
                return true;
            }
        }
        return false;
    }
}
