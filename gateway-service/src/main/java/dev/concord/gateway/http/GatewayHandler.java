package dev.concord.gateway.http;

import dev.concord.gateway.GatewaySettings;
import dev.concord.gateway.limits.SessionStartLimits;
import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.guilds.GuildAuthorization;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.ApiException;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** HTTP side of the gateway: its public address, and the connection advice bots ask for. */
@Component
final class GatewayHandler {

    /** The platform recommends a shard per 1,000 guilds (a shard may hold up to 2,500). */
    static final int GUILDS_PER_SHARD = 1000;

    private final String url;
    private final SessionStartLimits sessionStarts;
    private final ObjectProvider<GuildAuthorization> guilds;

    GatewayHandler(
            GatewaySettings settings, SessionStartLimits sessionStarts, ObjectProvider<GuildAuthorization> guilds) {
        this.url = settings.publicUrl();
        this.sessionStarts = sessionStarts;
        this.guilds = guilds;
    }

    Mono<ServerResponse> gateway(ServerRequest request) {
        return ServerResponse.ok().bodyValue(Map.of("url", url));
    }

    /**
     * Bots only (401 for anyone else, as the platform answers): the shards recommended for the bot's
     * guilds, and its session start budget as its identifies have spent it.
     */
    Mono<ServerResponse> gatewayBot(ServerRequest request) {
        Principal principal = Principals.of(request);
        if (!principal.isBot()) {
            throw ApiErrors.unauthorized();
        }
        return Mono.zip(sessionStarts.of(principal.userId()), recommendedShards(principal.userId()))
                .flatMap(found -> ServerResponse.ok()
                        .bodyValue(Map.of(
                                "url",
                                url,
                                "shards",
                                found.getT2(),
                                "session_start_limit",
                                found.getT1().toJson())));
    }

    /** One per {@link #GUILDS_PER_SHARD} guilds of the bot, at least one; one when guild-service cannot say. */
    private Mono<Integer> recommendedShards(Snowflake bot) {
        GuildAuthorization authorization = guilds.getIfAvailable();
        if (authorization == null) {
            return Mono.just(1);
        }
        return authorization
                .memberships(List.of(bot))
                .map(memberships -> Math.max(1, (memberships.size() + GUILDS_PER_SHARD - 1) / GUILDS_PER_SHARD))
                .onErrorReturn(1);
    }

    /** The socket's address, dialled without an upgrade (a browser, a health check). */
    Mono<ServerResponse> upgradeRequired(ServerRequest request) {
        return Mono.error(new ApiException(HttpStatus.UPGRADE_REQUIRED, 0, "426: Upgrade Required"));
    }
}
