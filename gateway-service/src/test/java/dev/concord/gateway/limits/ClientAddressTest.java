package dev.concord.gateway.limits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClientAddressTest {

    private static final TrustedProxies EDGE = TrustedProxies.of(List.of("10.0.0.5"));

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

    @Test
    void rangesOfEitherFamilyAreTrusted() {
        TrustedProxies cluster = TrustedProxies.of(List.of("10.0.0.0/8", " 172.16.0.0/12", "fd00::/8", "::1"));

        assertThat(ClientAddress.of(remote("10.200.3.4"), "203.0.113.9", cluster))
                .isEqualTo("203.0.113.9");
        assertThat(ClientAddress.of(remote("172.31.255.1"), "203.0.113.9", cluster))
                .isEqualTo("203.0.113.9");
        assertThat(ClientAddress.of(remote("fd12::1"), "2001:db8::1", cluster)).isEqualTo("2001:db8::1");
        assertThat(ClientAddress.of(remote("::1"), "203.0.113.9", cluster)).isEqualTo("203.0.113.9");
        assertThat(ClientAddress.of(remote("172.32.0.1"), "203.0.113.9", cluster))
                .isEqualTo("172.32.0.1");
        assertThat(ClientAddress.of(remote("11.0.0.1"), "203.0.113.9", cluster)).isEqualTo("11.0.0.1");
    }

    @Test
    void anEntryThatIsNoAddressFailsAtOnce() {
        for (String bad : List.of("gateway.example.org", "10.0.0.0/33", "10.0.0.0/x", "")) {
            assertThatThrownBy(() -> TrustedProxies.of(List.of(bad)))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    private static InetSocketAddress remote(String address) {
        return new InetSocketAddress(address, 40000);
    }
}
