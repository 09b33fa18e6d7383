package dev.concord.webhook.messages;

import dev.concord.platform.web.RouteBody;
import dev.concord.platform.web.RouteQuery;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * Interactions: {@code POST /interactions} for people; the callback and the interaction's webhook paths,
 * public (application.yml), the token in the path authorizing them. An interaction token in a webhook
 * path ({@link InteractionTokens#PREFIX}) is matched here before the webhook routes see it.
 */
@Configuration(proxyBeanMethods = false)
class InteractionRoutes {

    /** The path variable of an interaction's token in a webhook path: only tokens of its shape match. */
    static final String TOKEN_VARIABLE = "interaction_token:" + InteractionTokens.PREFIX + "[A-Za-z0-9_-]*";

    static final String INTERACTION_WEBHOOK = "/webhooks/{application_id}/{" + TOKEN_VARIABLE + "}";

    @Bean
    @Order(Ordered.HIGHEST_PRECEDENCE)
    RouterFunction<ServerResponse> interactionRouter(InteractionHandler handler) {
        RouteQuery thread = RouteQuery.of().snowflake("thread_id");
        return RouterFunctions.route()
                .POST("/interactions", handler::create)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(InteractionRequest.class))
                .POST("/interactions/{interaction_id}/{interaction_token}/callback", handler::callback)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(InteractionCallbackRequest.class))
                .withAttribute(RouteQuery.ATTRIBUTE, RouteQuery.of().flag("with_response"))
                .POST(INTERACTION_WEBHOOK, handler::followUp)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(InteractionMessageRequest.class))
                .withAttribute(
                        RouteQuery.ATTRIBUTE, RouteQuery.of().flag("wait").snowflake("thread_id"))
                .GET(INTERACTION_WEBHOOK + "/messages/{message_id}", handler::get)
                .withAttribute(RouteQuery.ATTRIBUTE, thread)
                .PATCH(INTERACTION_WEBHOOK + "/messages/{message_id}", handler::edit)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(MessageEditRequest.class))
                .withAttribute(RouteQuery.ATTRIBUTE, thread)
                .DELETE(INTERACTION_WEBHOOK + "/messages/{message_id}", handler::delete)
                .withAttribute(RouteQuery.ATTRIBUTE, thread)
                .build();
    }
}
