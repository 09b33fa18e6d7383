package dev.concord.guild.integrations;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * A streaming provider's API on loopback, answering from {@link #accounts} as {@link HttpStreamingAccounts}
 * expects and recording each request's path and {@code Authorization}. {@link #mode} makes it fail: answer
 * 500, or never answer at all.
 */
final class StreamingStub implements AutoCloseable {

    enum Mode {
        ANSWER,
        FAIL,
        HANG
    }

    static final String TOKEN = "stub-streaming-token";

    /** An account the stub has: its name, how many subscribe, and which users here they are. */
    record Account(String name, int subscriberCount, List<String> userIds) {}

    final Map<String, Account> accounts = new ConcurrentHashMap<>();
    final List<String> requests = new CopyOnWriteArrayList<>();
    volatile Mode mode = Mode.ANSWER;
    private final DisposableServer server;

    StreamingStub() {
        server = HttpServer.create()
                .host("127.0.0.1")
                .port(0)
                .route(routes -> routes.get(
                                "/api/accounts/{service}/{id}", (request, response) -> answer(request, response, false))
                        .get(
                                "/api/accounts/{service}/{id}/subscribers",
                                (request, response) -> answer(request, response, true)))
                .bindNow();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.port() + "/api";
    }

    private Mono<Void> answer(HttpServerRequest request, HttpServerResponse response, boolean subscribers) {
        requests.add(request.uri() + " " + request.requestHeaders().get("Authorization"));
        if (!("Bearer " + TOKEN).equals(request.requestHeaders().get("Authorization"))) {
            return response.status(401).send();
        }
        Account account = accounts.get(request.param("service") + "/" + request.param("id"));
        return switch (mode) {
            case FAIL ->
                response.status(500)
                        .sendString(Mono.just("{\"error\": \"down\"}"))
                        .then();
            case HANG -> Mono.never();
            case ANSWER -> {
                if (account == null) {
                    yield response.status(404)
                            .sendString(Mono.just("{\"error\": \"no such account\"}"))
                            .then();
                }
                String body = subscribers
                        ? "{\"subscriber_count\": " + account.subscriberCount() + ", \"user_ids\": ["
                                + String.join(
                                        ", ",
                                        account.userIds().stream()
                                                .map(id -> "\"" + id + "\"")
                                                .toList())
                                + "]}"
                        : "{\"id\": \"" + request.param("id") + "\", \"name\": \"" + account.name() + "\"}";
                yield response.header("Content-Type", "application/json")
                        .sendString(Mono.just(body))
                        .then();
            }
        };
    }

    @Override
    public void close() {
        server.disposeNow();
    }
}
