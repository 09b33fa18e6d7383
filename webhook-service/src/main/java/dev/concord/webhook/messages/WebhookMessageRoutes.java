package dev.concord.webhook.messages;

import dev.concord.platform.web.RouteBody;
import dev.concord.platform.web.RouteQuery;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/** Executing a webhook and its messages: public paths (application.yml), the token in the path authorizes them. */
@Configuration(proxyBeanMethods = false)
class WebhookMessageRoutes {

    @Bean
    RouterFunction<ServerResponse> webhookMessageRouter(WebhookMessageHandler handler) {
        RouteQuery thread = RouteQuery.of().snowflake("thread_id");
        return RouterFunctions.route()
                .POST("/webhooks/{webhook_id}/{webhook_token}", handler::execute)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(WebhookExecuteRequest.class))
                .withAttribute(
                        RouteQuery.ATTRIBUTE, RouteQuery.of().flag("wait").snowflake("thread_id"))
                .POST("/webhooks/{webhook_id}/{webhook_token}/slack", handler::executeSlack)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(SlackPayload.class))
                .withAttribute(
                        RouteQuery.ATTRIBUTE, RouteQuery.of().flag("wait").snowflake("thread_id"))
                .POST("/webhooks/{webhook_id}/{webhook_token}/github", handler::executeGithub)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(GithubPayload.class))
                .withAttribute(
                        RouteQuery.ATTRIBUTE, RouteQuery.of().flag("wait").snowflake("thread_id"))
                .GET("/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", handler::get)
                .withAttribute(RouteQuery.ATTRIBUTE, thread)
                .PATCH("/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", handler::edit)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(MessageEditRequest.class))
                .withAttribute(RouteQuery.ATTRIBUTE, thread)
                .DELETE("/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", handler::delete)
                .withAttribute(RouteQuery.ATTRIBUTE, thread)
                .build();
    }
}
