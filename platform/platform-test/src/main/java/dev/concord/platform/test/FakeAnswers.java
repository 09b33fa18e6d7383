package dev.concord.platform.test;

import io.netty.handler.codec.http.HttpResponseStatus;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerResponse;

/** How the fakes of other services' internal APIs answer: a JSON body with its status. */
final class FakeAnswers {

    private FakeAnswers() {}

    static Mono<Void> json(HttpServerResponse response, int status, String body) {
        return response.status(HttpResponseStatus.valueOf(status))
                .header("Content-Type", "application/json")
                .sendString(Mono.just(body))
                .then();
    }
}
