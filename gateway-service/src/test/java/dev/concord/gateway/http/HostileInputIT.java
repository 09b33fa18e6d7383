package dev.concord.gateway.http;

import dev.concord.gateway.GatewayTestSupport;
import dev.concord.platform.auth.AuthSettings;
import dev.concord.platform.auth.TokenIssuer;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.TestTokens;
import dev.concord.platform.test.hostile.HostileInputSuite;
import dev.concord.platform.web.RouteCatalog;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.json.JsonMapper;

/**
 * gateway-service's HTTP routes ({@code GET /gateway}, {@code /gateway/bot}, {@code /}), as its route
 * catalog lists them, called with hostile input (see {@link HostileInputSuite}). The gateway stores
 * nothing, so its stored state never changes.
 */
class HostileInputIT extends GatewayTestSupport {

    @Autowired
    RouteCatalog routes;

    @Autowired
    JsonMapper mapper;

    @Autowired
    AuthSettings auth;

    @Autowired
    TokenIssuer issuer;

    @Test
    void everyRouteRefusesHostileInputCleanly() {
        HostileInputSuite.of("gateway-service", routes, port, mapper)
                .callers(new TestTokens(issuer), Snowflake.of(80351110224678912L), Snowflake.of(80351110224678913L))
                .publicPaths(auth.publicPaths())
                .storedState(() -> "the gateway stores nothing")
                .run()
                .assertNoFailures();
    }
}
