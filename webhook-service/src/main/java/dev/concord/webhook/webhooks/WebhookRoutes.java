package dev.concord.webhook.webhooks;

import dev.concord.platform.web.RouteBody;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * The webhook routes of seed 002. Those with the token in the path are public (application.yml): the
 * token authorizes them.
 */
@Configuration(proxyBeanMethods = false)
class WebhookRoutes {

    @Bean
    RouterFunction<ServerResponse> webhookRouter(WebhookHandler handler) {
        RouteBody create = RouteBody.json(WebhookCreateRequest.class).upTo(WebhookHandler.MAX_BODY_BYTES);
        RouteBody modify = RouteBody.json(WebhookModifyRequest.class).upTo(WebhookHandler.MAX_BODY_BYTES);
        return RouterFunctions.route()
                .POST("/channels/{channel_id}/webhooks", handler::create)
                .withAttribute(RouteBody.ATTRIBUTE, create)
                .GET("/channels/{channel_id}/webhooks", handler::inChannel)
                .POST("/channels/{channel_id}/followers", handler::follow)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(FollowRequest.class))
                .GET("/guilds/{guild_id}/webhooks", handler::inGuild)
                .GET("/webhooks/{webhook_id}", handler::get)
                .PATCH("/webhooks/{webhook_id}", handler::modify)
                .withAttribute(RouteBody.ATTRIBUTE, modify)
                .DELETE("/webhooks/{webhook_id}", handler::delete)
                .GET("/webhooks/{webhook_id}/{webhook_token}", handler::getByToken)
                .PATCH("/webhooks/{webhook_id}/{webhook_token}", handler::modifyByToken)
                .withAttribute(RouteBody.ATTRIBUTE, modify)
                .DELETE("/webhooks/{webhook_id}/{webhook_token}", handler::deleteByToken)
                .build();
    }
}
