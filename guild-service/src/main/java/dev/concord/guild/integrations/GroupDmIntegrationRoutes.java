package dev.concord.guild.integrations;

import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.RouteBody;
import java.util.Map;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * A group DM's integrations, for its recipients, and remote-auth-service adding one that a recipient
 * authorized ({@code POST /internal/channels/{channel.id}/integrations}, docs/internal-api.md; only the
 * internal secret reaches {@code /internal/**}).
 */
@Configuration(proxyBeanMethods = false)
class GroupDmIntegrationRoutes {

    private static final String INTEGRATIONS = "/channels/{channel_id}/integrations";

    @Bean
    RouterFunction<ServerResponse> groupDmIntegrationRouter(GroupDmIntegrations integrations) {
        return RouterFunctions.route()
                /* GET /channels/{channel.id}/integrations */
                .GET(INTEGRATIONS, request -> integrations
                        .list(channel(request), me(request))
                        .flatMap(found -> ServerResponse.ok().bodyValue(found)))
                /* DELETE /channels/{channel.id}/integrations/{integration.id} */
                .DELETE(INTEGRATIONS + "/{integration_id}", request -> integrations
                        .delete(channel(request), PathIds.snowflake(request, "integration_id"), me(request))
                        .then(ServerResponse.noContent().build()))
                .POST("/internal" + INTEGRATIONS, request -> {
                    Snowflake channelId = channel(request);
                    return JsonBodies.checked(request, GroupDmIntegrationRequest.class)
                            .flatMap(body -> integrations.add(channelId, body))
                            .flatMap(added -> ServerResponse.ok()
                                    .bodyValue(Map.of("integration", added.integration(), "created", added.created())));
                })
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(GroupDmIntegrationRequest.class))
                .build();
    }

    private static Snowflake channel(ServerRequest request) {
        return PathIds.snowflake(request, "channel_id");
    }

    private static Snowflake me(ServerRequest request) {
        return Principals.userOrBot(request).userId();
    }
}
