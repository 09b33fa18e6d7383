package dev.concord.remoteauth.pages;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;

class RaUrlsTest {

    @Test
    void aConfiguredRaUrlWinsWithoutItsTrailingSlash() {
        RaUrls urls = new RaUrls(" https://concord.example/ra/ ");
        MockServerHttpRequest request = MockServerHttpRequest.get("http://internal:8081/remote-auth/qr/x.svg")
                .header("X-Forwarded-Host", "other.example")
                .build();

        assertThat(urls.link(request, "abc")).isEqualTo("https://concord.example/ra/abc");
    }

    @Test
    void withoutOneTheForwardedHostAndSchemeAreUsed() {
        MockServerHttpRequest request = MockServerHttpRequest.get("http://remote-auth:8081/remote-auth/qr/x.svg")
                .header("X-Forwarded-Host", "chat.example:8443, proxy.internal")
                .header("X-Forwarded-Proto", "HTTPS")
                .build();

        assertThat(new RaUrls("").base(request)).isEqualTo("https://chat.example:8443/remote-auth/ra");
    }

    @Test
    void withoutForwardedHeadersTheRequestsOwnHostIsUsed() {
        MockServerHttpRequest request = MockServerHttpRequest.get("http://localhost:8080/remote-auth/qr/x.svg")
                .build();

        assertThat(new RaUrls("").base(request)).isEqualTo("http://localhost:8080/remote-auth/ra");
    }

    @Test
    void headersThatAreNotAHostOrAWebSchemeAreIgnored() {
        for (String forgedHost : new String[] {"evil.example/path", "a b", "user@evil.example", "host:port", ""}) {
            MockServerHttpRequest request = MockServerHttpRequest.get("http://127.0.0.1:8081/remote-auth/qr/x.svg")
                    .header("X-Forwarded-Host", forgedHost)
                    .header("X-Forwarded-Proto", "javascript")
                    .build();

            assertThat(new RaUrls("").base(request)).as(forgedHost).isEqualTo("http://127.0.0.1:8081/remote-auth/ra");
        }
    }

    @Test
    void anIpv6LiteralIsAHost() {
        MockServerHttpRequest request = MockServerHttpRequest.get("http://127.0.0.1:8081/remote-auth/qr/x.svg")
                .header("X-Forwarded-Host", "[::1]:8080")
                .build();

        assertThat(new RaUrls("").base(request)).isEqualTo("http://[::1]:8080/remote-auth/ra");
    }
}
