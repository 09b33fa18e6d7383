package dev.concord.social.relationships;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.RouteQuery;
import dev.concord.platform.web.Violations;
import dev.concord.social.settings.RestrictedGuilds;
import java.util.Map;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * {@code GET /internal/users/{user.id}/direct-message-policy?from={user.id}} (docs/internal-api.md): what
 * decides whether {@code from} may DM the user — a block either way, their friendship, and the guilds
 * whose members the user does not take DMs from. webhook-service asks before it stores a DM.
 */
@Configuration(proxyBeanMethods = false)
class DirectMessagePolicy {

    @Bean
    RouterFunction<ServerResponse> directMessagePolicyRouter(RelationshipStore relationships, RestrictedGuilds guilds) {
        return RouterFunctions.route()
                .GET("/internal/users/{user_id}/direct-message-policy", request -> {
                    Snowflake user = PathIds.snowflake(request, "user_id");
                    Snowflake from = PathIds.optionalQuery(request, "from");
                    if (from == null) {
                        throw new Violations().required("from", null).toException();
                    }
                    return Mono.zip(relationships.findPair(user, from), guilds.of(user))
                            .flatMap(found -> ServerResponse.ok()
                                    .bodyValue(Map.of(
                                            "blocked", found.getT1().blockedEitherWay(),
                                            "friends", found.getT1().myType() == RelationshipType.FRIEND,
                                            "restricted_guild_ids", found.getT2())));
                })
                .withAttribute(RouteQuery.ATTRIBUTE, RouteQuery.of().snowflake("from"))
                .build();
    }
}
