package dev.concord.platform.test;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.auth.TokenIssuer;
import dev.concord.platform.ids.Snowflake;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.http.HttpHeaders;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * What every service must do whatever its endpoints: Kubernetes probes, Prometheus metrics, default-deny
 * authentication, and the platform's 404. A service's contract test is one line:
 *
 * <pre>{@code
 * class GuildServiceContractIT extends ServiceContract {}
 * }</pre>
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient
@RealInfrastructure
public abstract class ServiceContract {

    @Autowired
    protected WebTestClient client;

    @Autowired
    private TokenIssuer issuer;

    protected TestTokens tokens;

    @BeforeEach
    void mintTokens() {
        tokens = new TestTokens(issuer);
    }

    /** A token the service accepts. */
    protected String validToken() {
        return tokens.user(Snowflake.of(80351110224678912L));
    }

    @Test
    void livenessAndReadinessProbesAreUp() {
        client.get()
                .uri("/actuator/health/liveness")
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.status")
                .isEqualTo("UP");
        client.get()
                .uri("/actuator/health/readiness")
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.status")
                .isEqualTo("UP");
    }

    @Test
    void exposesPrometheusMetricsTaggedWithTheService() {
        client.get()
                .uri("/actuator/prometheus")
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(String.class)
                .value(body -> {
                    assertThat(body).contains("jvm_memory_used_bytes");
                    assertThat(body).contains("service=\"");
                });
    }

    @Test
    void everyOtherPathNeedsAToken() {
        client.get()
                .uri("/anything/at/all")
                .exchange()
                .expectStatus()
                .isUnauthorized()
                .expectBody()
                .json("{\"message\":\"401: Unauthorized\",\"code\":0}");
        client.get()
                .uri("/anything/at/all")
                .header(HttpHeaders.AUTHORIZATION, "not-a-token")
                .exchange()
                .expectStatus()
                .isUnauthorized();
    }

    @Test
    void unknownRouteIsThePlatforms404() {
        client.get()
                .uri("/no/such/route")
                .header(HttpHeaders.AUTHORIZATION, validToken())
                .exchange()
                .expectStatus()
                .isNotFound()
                .expectBody()
                .json("{\"message\":\"404: Not Found\",\"code\":0}");
    }
}
