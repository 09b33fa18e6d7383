package dev.concord.edge.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.concord.edge.routing.RoutingCases.Case;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.server.PathContainer;

class RouteTableTest {

    private static final RouteTable TABLE = RouteTable.load();

    static Stream<Case> cases() {
        return RoutingCases.all();
    }

    static Stream<String> unowned() {
        return RoutingCases.unowned();
    }

    @ParameterizedTest
    @MethodSource("cases")
    void routesToItsOwnerUnderEveryPrefix(Case expected) {
        for (String prefix : RoutingCases.PREFIXES) {
            RouteTable.Match match = TABLE.resolve(PathContainer.parsePath(prefix + expected.path()));
            assertThat(match).as(prefix + expected.path()).isNotNull();
            assertThat(match.service()).as(prefix + expected.path()).isEqualTo(expected.service());
            assertThat(match.forwardPath().value()).isEqualTo(expected.path());
            assertThat(match.prefixed()).isEqualTo(!prefix.isEmpty());
        }
    }

    @ParameterizedTest
    @MethodSource("unowned")
    void leavesUnownedPathsUnrouted(String path) {
        assertThat(TABLE.resolve(PathContainer.parsePath(path))).isNull();
    }

    @Test
    void stripsTheLongestPrefixAndKeepsTheRestRaw() {
        RouteTable.Match match = TABLE.resolve(PathContainer.parsePath("/api/v9/users/%40me/settings"));
        assertThat(match.service()).isEqualTo("social-service");
        assertThat(match.forwardPath().value()).isEqualTo("/users/%40me/settings");
    }

    @Test
    void refusesARuleHiddenByOneAboveIt() {
        assertThatThrownBy(() -> parse("""
                prefixes: [/api]
                routes:
                  - service: guild-service
                    paths: [/guilds/**]
                  - service: webhook-service
                    paths: ['/guilds/{guild}/webhooks']
                """))
                .hasMessageContaining("/guilds/{guild}/webhooks -> webhook-service can never match");
    }

    @Test
    void refusesPatternsTheIngressCannotMirror() {
        assertThatThrownBy(() -> parse("prefixes: [/api]\nroutes: [{service: a, paths: ['/files/{*rest}']}]"))
                .hasMessageContaining("unsupported segment");
        assertThatThrownBy(() -> parse("prefixes: [/api]\nroutes: [{service: a, paths: ['/{id}/x']}]"))
                .hasMessageContaining("must start with a literal segment");
        assertThatThrownBy(() -> parse("prefixes: [/api]\nroutes: [{service: a, paths: ['/api/x']}]"))
                .hasMessageContaining("starts like the prefix /api");
        assertThatThrownBy(() -> parse("prefixes: [/api, /api/v9]\nroutes: [{service: a, paths: ['/v9/x']}]"))
                .hasMessageContaining("starts like the prefix /api/v9");
    }

    @Test
    void refusesUnknownKeys() {
        assertThatThrownBy(() -> parse("prefixes: [/api]\nroutes: [{service: a, path: [/x]}]"))
                .hasMessageContaining("path");
    }

    private static RouteTable parse(String yaml) {
        return RouteTable.parse(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)));
    }
}
