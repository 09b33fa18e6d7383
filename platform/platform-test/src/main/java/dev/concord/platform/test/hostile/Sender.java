package dev.concord.platform.test.hostile;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.springframework.http.HttpHeaders;
import org.springframework.http.client.reactive.ClientHttpRequest;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.reactive.function.BodyInserter;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

/**
 * Sends probes exactly as built: the path as given (percent escapes kept), the {@code Content-Type}
 * header as a raw string (a charset Java does not know would stop the client's own encoders), the body's
 * bytes as they are. Its own client, a connection per request as {@code TestClients} makes them, but
 * without any checks of the answers a test client may add: the suite checks them itself.
 */
final class Sender {

    /** The status and the raw body of an answer. */
    record Answer(int status, byte[] body) {

        /** The body as text, cut for a report line. */
        String shortBody() {
            String text = new String(body, StandardCharsets.UTF_8).replace("\n", " ");
            return text.length() > 160 ? text.substring(0, 160) + "..." : text;
        }
    }

    private final WebTestClient client;
    private final String base;

    Sender(int port) {
        this.client = WebTestClient.bindToServer(
                        new ReactorClientHttpConnector(HttpClient.create(ConnectionProvider.newConnection())))
                .responseTimeout(Duration.ofSeconds(10))
                .build();
        this.base = "http://127.0.0.1:" + port;
    }

    Answer send(Probe probe) {
        WebTestClient.RequestBodySpec request = client.method(probe.method()).uri(URI.create(base + probe.path()));
        request.headers(headers -> {
            if (probe.authorization() != null) {
                headers.set(HttpHeaders.AUTHORIZATION, probe.authorization());
            }
            if (probe.contentType() != null) {
                headers.set(HttpHeaders.CONTENT_TYPE, probe.contentType());
            }
        });
        byte[] body = probe.body();
        WebTestClient.RequestHeadersSpec<?> ready = body == null ? request : request.body(raw(body));
        EntityExchangeResult<byte[]> result =
                ready.exchange().expectBody(byte[].class).returnResult();
        byte[] answer = result.getResponseBody();
        return new Answer(result.getStatus().value(), answer == null ? new byte[0] : answer);
    }

    /** Writes the bytes as they are, past the client's encoders. */
    private static BodyInserter<byte[], ClientHttpRequest> raw(byte[] body) {
        return (request, context) -> request.writeWith(
                Mono.fromSupplier(() -> request.bufferFactory().wrap(body)));
    }
}
