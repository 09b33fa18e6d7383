package dev.concord.gateway.http;

import dev.concord.gateway.GatewaySettings;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.ApiException;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** HTTP side of the gateway: its public address, and the connection advice bots ask for. */
@Component
final class GatewayHandler {

    /** Identify budget per day; the gateway does not limit identifies yet, so the budget never runs down. */
    private static final Map<String, Object> SESSION_START_LIMIT =
            Map.of("total", 1000, "remaining", 1000, "reset_after", 0, "max_concurrency", 1);

    private final String url;

    GatewayHandler(GatewaySettings settings) {
        this.url = settings.publicUrl();
    }

    Mono<ServerResponse> gateway(ServerRequest request) {
        return ServerResponse.ok().bodyValue(Map.of("url", url));
    }

    /** Bots only (401 for anyone else, as the platform answers): one shard serves every guild. */
    Mono<ServerResponse> gatewayBot(ServerRequest request) {
        if (!Principals.of(request).isBot()) {
            throw ApiErrors.unauthorized();
        }
        return ServerResponse.ok()
                .bodyValue(Map.of("url", url, "shards", 1, "session_start_limit", SESSION_START_LIMIT));
    }

    /** The socket's address, dialled without an upgrade (a browser, a health check). */
    Mono<ServerResponse> upgradeRequired(ServerRequest request) {
        return Mono.error(new ApiException(HttpStatus.UPGRADE_REQUIRED, 0, "426: Upgrade Required"));
    }
}
