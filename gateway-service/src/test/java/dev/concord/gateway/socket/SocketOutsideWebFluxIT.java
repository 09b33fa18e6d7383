package dev.concord.gateway.socket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.concord.gateway.GatewayTestSupport;
import dev.concord.gateway.TestSocket;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.server.WebFilter;

/**
 * An open socket keeps nothing of a WebFlux exchange. Served through WebFlux, each socket kept its upgrade
 * exchange's request, attributes and observation for its whole life (through the handshake's info): most
 * of an idle connection's heap. A filter here sees every exchange and remembers, weakly, the requests of
 * upgrades; none may still be reachable once the socket is in use.
 */
@Import(SocketOutsideWebFluxIT.Exchanges.class)
class SocketOutsideWebFluxIT extends GatewayTestSupport {

    @Autowired
    Exchanges exchanges;

    @Test
    void anOpenSocketKeepsNoExchange() {
        try (TestSocket socket = connect()) {
            identify(socket, userToken(1101));

            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
                System.gc();
                assertThat(exchanges.upgrades)
                        .allSatisfy(request -> assertThat(request.get()).isNull());
            });
        }
        // The filter does see requests to the socket's address that are no upgrade.
        WebTestClient.bindToServer()
                .baseUrl("http://127.0.0.1:" + port)
                .build()
                .get()
                .uri(SOCKET_PATH)
                .exchange()
                .expectStatus()
                .isEqualTo(426);
        assertThat(exchanges.seen).hasPositiveValue();
    }

    @TestConfiguration(proxyBeanMethods = false)
    static class Exchanges {

        final AtomicInteger seen = new AtomicInteger();
        final List<WeakReference<Object>> upgrades = new CopyOnWriteArrayList<>();

        @Bean
        WebFilter rememberingUpgrades() {
            return (exchange, chain) -> {
                seen.incrementAndGet();
                if ("websocket"
                        .equalsIgnoreCase(exchange.getRequest().getHeaders().getUpgrade())) {
                    upgrades.add(new WeakReference<>(exchange.getRequest()));
                }
                return chain.filter(exchange);
            };
        }
    }
}
