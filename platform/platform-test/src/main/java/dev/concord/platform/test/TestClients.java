package dev.concord.platform.test;

import dev.concord.platform.test.schema.ResponseSchemaFilter;
import java.time.Duration;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.test.web.reactive.server.WebTestClient;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

/**
 * HTTP clients for API tests. Each request opens its own connection: with the pooled default, a test
 * JVM now and then had a request wait for a pooled connection while the pool's drain loop held an
 * event loop the server also runs on (thread dump: SimpleDequePool.drain spinning, every server loop
 * idle), and the test timed out after 5 s. A connection per request costs a millisecond here and
 * takes the pool out of the tests' way.
 *
 * <p>Every 2xx JSON answer is validated against the platform's OpenAPI description
 * ({@link ResponseSchemaFilter}): a missing or mistyped field fails the call that received it.
 */
public final class TestClients {

    private TestClients() {}

    /** A client for the service listening on {@code port} on the loopback interface. */
    public static WebTestClient unpooled(int port) {
        HttpClient http = HttpClient.create(ConnectionProvider.newConnection());
        return WebTestClient.bindToServer(new ReactorClientHttpConnector(http))
                .baseUrl("http://127.0.0.1:" + port)
                .responseTimeout(Duration.ofSeconds(10))
                .filter(ResponseSchemaFilter.shared())
                .build();
    }
}
