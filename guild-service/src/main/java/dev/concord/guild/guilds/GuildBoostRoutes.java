package dev.concord.guild.guilds;

import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.RouteBody;
import java.util.Map;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/** Billing's port: {@code PUT /internal/guilds/{guild_id}/premium} sets a guild's boosts (internal secret only). */
@Configuration(proxyBeanMethods = false)
class GuildBoostRoutes {

    @Bean
    RouterFunction<ServerResponse> guildBoostRouter(GuildBoosts boosts) {
        return RouterFunctions.route()
                .PUT("/internal/guilds/{guild_id}/premium", request -> JsonBodies.checked(
                                request, GuildBoostRequest.class)
                        .flatMap(body -> boosts.set(
                                PathIds.snowflake(request, "guild_id"),
                                body.premiumSubscriptionCount().get()))
                        .flatMap(tier -> ServerResponse.ok().bodyValue(Map.of("premium_tier", tier))))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(GuildBoostRequest.class))
                .build();
    }
}
