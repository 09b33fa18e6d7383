package dev.concord.remoteauth.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;

class ClientAddressTest {

    private static final InetSocketAddress PROXY = new InetSocketAddress("10.0.0.7", 41000);

    @Test
    void takesTheFirstForwardedHop() {
        MockServerHttpRequest request = MockServerHttpRequest.post("/auth/login")
                .remoteAddress(PROXY)
                .header("X-Forwarded-For", " 203.0.113.9 , 10.0.0.1")
                .build();

        assertThat(ClientAddress.of(request)).isEqualTo("203.0.113.9");
    }

    @Test
    void fallsBackToTheConnectionsAddress() {
        assertThat(ClientAddress.of(MockServerHttpRequest.post("/auth/login")
                        .remoteAddress(PROXY)
                        .build()))
                .isEqualTo("10.0.0.7");
        assertThat(ClientAddress.of(MockServerHttpRequest.post("/auth/login")
                        .remoteAddress(PROXY)
                        .header("X-Forwarded-For", " ")
                        .build()))
                .isEqualTo("10.0.0.7");
        assertThat(ClientAddress.of(MockServerHttpRequest.post("/auth/login").build()))
                .isEqualTo("unknown");
    }

    @Test
    void capsForgedHeadersSoKeysStaySmall() {
        MockServerHttpRequest request = MockServerHttpRequest.post("/auth/login")
                .header("X-Forwarded-For", "x".repeat(10_000))
                .build();

        assertThat(ClientAddress.of(request)).hasSize(64);
    }
}
