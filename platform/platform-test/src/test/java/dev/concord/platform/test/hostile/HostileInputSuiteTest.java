package dev.concord.platform.test.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.concord.platform.auth.SigningKeys;
import dev.concord.platform.auth.TokenIssuer;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.json.Json;
import dev.concord.platform.json.Possible;
import dev.concord.platform.test.TestTokens;
import dev.concord.platform.web.RouteBody;
import dev.concord.platform.web.RouteCatalog;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ReactorHttpHandlerAdapter;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/** The suite finds each kind of defect in a small service built to have them, and reports them all at once. */
class HostileInputSuiteTest {

    record Note(String text, Possible<Integer> count) {}

    private static final String BAD_REQUEST = "{\"message\": \"Invalid Form Body\", \"code\": 50035, \"errors\": {}}";

    private DisposableServer server;

    @AfterEach
    void stopTheServer() {
        server.disposeNow();
    }

    @Test
    void reportsEveryDefectOfARunInOneAssertion() {
        AtomicInteger writes = new AtomicInteger();
        RouterFunction<ServerResponse> router = RouterFunctions.route()
                // Writes even when it refuses, and fails on a NUL; needs no token at all.
                .POST("/notes", request -> request.bodyToMono(String.class)
                        .defaultIfEmpty("")
                        .onErrorReturn("")
                        .flatMap(body -> {
                            writes.incrementAndGet();
                            return body.contains("\\u0000")
                                    ? ServerResponse.status(500).build()
                                    : json(ServerResponse.badRequest(), BAD_REQUEST);
                        }))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(Note.class))
                // Says nothing of its body.
                .PUT(
                        "/pins",
                        request ->
                                json(ServerResponse.status(401), "{\"message\": \"401: Unauthorized\", \"code\": 0}"))
                // Deletes whatever it is asked to, ids of nothing included, with any token or none.
                .DELETE("/notes/{note_id}", request -> ServerResponse.noContent()
                        .build())
                .build();
        server = HttpServer.create()
                .host("127.0.0.1")
                .port(0)
                .handle(new ReactorHttpHandlerAdapter(RouterFunctions.toHttpHandler(router)))
                .bindNow();
        Clock clock = Clock.systemUTC();
        TestTokens tokens = new TestTokens(
                new TokenIssuer(SigningKeys.generate().getPrivate(), new SnowflakeGenerator(0, 0, clock), clock));

        HostileInputReport report = HostileInputSuite.of(
                        "defective", new RouteCatalog(List.of(router)), server.port(), Json.mapper())
                .callers(tokens, Snowflake.of(1001), Snowflake.of(1002))
                .storedState(() -> Integer.toString(writes.get()))
                .run();

        assertThat(report.routes()).isEqualTo(3);
        assertThatThrownBy(report::assertNoFailures)
                .hasMessageContaining("route declares no RouteBody")
                .hasMessageContaining("PUT /pins")
                .hasMessageContaining("5xx: 500 | field value: string with NUL")
                .hasMessageContaining("POST /notes field text (string)")
                .hasMessageContaining("refused but changed stored state")
                .hasMessageContaining("not 401 without a valid token | no token")
                .hasMessageContaining("accepted (204) what must be refused | path id 0 (names nothing)")
                .hasMessageContaining("DELETE /notes/{note_id} {note_id}")
                .hasMessageContaining("no fixture value for the path variable");
    }

    private static Mono<ServerResponse> json(ServerResponse.BodyBuilder response, String body) {
        return response.contentType(MediaType.APPLICATION_JSON).bodyValue(body);
    }
}
