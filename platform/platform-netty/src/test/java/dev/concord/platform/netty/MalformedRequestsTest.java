package dev.concord.platform.netty;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

class MalformedRequestsTest {

    private static DisposableServer server;

    @BeforeAll
    static void start() {
        server = MalformedRequests.answeredIn(
                        HttpServer.create().host("127.0.0.1").port(0))
                .handle((request, response) -> response.sendString(reactor.core.publisher.Mono.just("ok")))
                .bindNow();
    }

    @AfterAll
    static void stop() {
        server.disposeNow();
    }

    @Test
    void aRequestLineTooLongIs414InThePlatformsShape() throws Exception {
        RawHttp.Answer answer =
                RawHttp.send(server.port(), "GET /" + "a".repeat(5000) + " HTTP/1.1\r\nHost: x\r\n\r\n");
        assertThat(answer.status()).isEqualTo(414);
        assertThat(answer.header("Content-Type")).isEqualTo("application/json");
        assertThat(answer.body()).isEqualTo("{\"message\":\"414: Request-URI Too Long\",\"code\":0}");
    }

    @Test
    void headersTooLargeAre431() throws Exception {
        RawHttp.Answer answer =
                RawHttp.send(server.port(), "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + "b".repeat(9000) + "\r\n\r\n");
        assertThat(answer.status()).isEqualTo(431);
        assertThat(answer.header("Content-Type")).isEqualTo("application/json");
        assertThat(answer.body()).isEqualTo("{\"message\":\"431: Request Header Fields Too Large\",\"code\":0}");
    }

    @Test
    void aMalformedHeaderOrRequestLineIs400() throws Exception {
        for (String request : new String[] {
            "GET / HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n", "GET / NOTHTTP\r\nHost: x\r\n\r\n",
        }) {
            RawHttp.Answer answer = RawHttp.send(server.port(), request);
            assertThat(answer.status()).as(request).isEqualTo(400);
            assertThat(answer.header("Content-Type")).isEqualTo("application/json");
            assertThat(answer.body()).isEqualTo("{\"message\":\"400: Bad Request\",\"code\":0}");
        }
    }

    @Test
    void aGoodRequestGoesThrough() throws Exception {
        RawHttp.Answer answer = RawHttp.send(server.port(), "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.body()).isEqualTo("ok");
    }
}
