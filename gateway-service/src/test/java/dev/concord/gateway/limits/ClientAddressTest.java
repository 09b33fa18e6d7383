package dev.concord.gateway.limits;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClientAddressTest {

    private static final List<String> EDGE = List.of("10.0.0.5");

    @Test
    void aTrustedProxysLastHopIsTheClient() {
        assertThat(ClientAddress.of(remote("10.0.0.5"), "198.51.100.1, 203.0.113.9 ", EDGE))
                .isEqualTo("203.0.113.9");
    }

    @Test
    void anyoneElsesHeaderIsIgnored() {
        assertThat(ClientAddress.of(remote("192.0.2.7"), "203.0.113.9", EDGE)).isEqualTo("192.0.2.7");
    }

    @Test
    void withoutAHeaderOrAnAddress() {
        assertThat(ClientAddress.of(remote("10.0.0.5"), null, EDGE)).isEqualTo("10.0.0.5");
        assertThat(ClientAddress.of(remote("10.0.0.5"), " , ", EDGE)).isEqualTo("10.0.0.5");
        assertThat(ClientAddress.of(null, "203.0.113.9", EDGE)).isEqualTo("unknown");
    }

    @Test
    void aHugeHeaderIsCut() {
        assertThat(ClientAddress.of(remote("10.0.0.5"), "x".repeat(10_000), EDGE))
                .hasSize(64);
    }

    private static InetSocketAddress remote(String address) {
        return new InetSocketAddress(address, 40000);
    }
}
