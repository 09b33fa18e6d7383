package dev.concord.guild.members;

import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.RouteBody;
import java.time.Duration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * Auto moderation's TIMEOUT_USER, for the service that judged the member's message (webhook-service):
 * {@code POST /internal/guilds/{guild_id}/members/{user_id}/auto-moderation-timeout} (internal secret only).
 */
@Configuration(proxyBeanMethods = false)
class AutoModerationTimeoutRoutes {

    @Bean
    RouterFunction<ServerResponse> autoModerationTimeoutRouter(MemberService members) {
        return RouterFunctions.route()
                .POST(
                        "/internal/guilds/{guild_id}/members/{user_id}/auto-moderation-timeout",
                        request -> JsonBodies.checked(request, AutoModerationTimeoutRequest.class)
                                .flatMap(body -> members.timeOutByAutoModeration(
                                        PathIds.snowflake(request, "guild_id"),
                                        PathIds.snowflake(request, "user_id"),
                                        Duration.ofSeconds(
                                                body.durationSeconds().get())))
                                .then(ServerResponse.noContent().build()))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(AutoModerationTimeoutRequest.class))
                .build();
    }
}
