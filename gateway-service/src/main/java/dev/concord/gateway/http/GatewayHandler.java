package dev.concord.gateway.http;

import dev.concord.gateway.GatewaySettings;
import dev.concord.gateway.limits.SessionStartLimits;
import dev.concord.platform.auth.Principal;
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

    private final String url;
    private final SessionStartLimits sessionStarts;

    GatewayHandler(GatewaySettings settings, SessionStartLimits sessionStarts) {
        this.url = settings.publicUrl();
        this.sessionStarts = sessionStarts;
    }

    Mono<ServerResponse> gateway(ServerRequest request) {
        return ServerResponse.ok().bodyValue(Map.of("url", url));
    }

    /**
     * Bots only (401 for anyone else, as the platform answers): one shard serves every guild, and the
     * bot's session start budget as its identifies have spent it.
     */
    Mono<ServerResponse> gatewayBot(ServerRequest request) {
        Principal principal = Principals.of(request);
        if (!principal.isBot()) {
            throw ApiErrors.unauthorized();
        }
        return sessionStarts.of(principal.userId()).flatMap(limit -> ServerResponse.ok()
                .bodyValue(Map.of("url", url, "shards", 1, "session_start_limit", limit.toJson())));
    }

    /** The socket's address, dialled without an upgrade (a browser, a health check). */
    Mono<ServerResponse> upgradeRequired(ServerRequest request) {
        return Mono.error(new ApiException(HttpStatus.UPGRADE_REQUIRED, 0, "426: Upgrade Required"));
    }
}
