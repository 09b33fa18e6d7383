package dev.concord.webhook.messages;

import dev.concord.platform.auth.Principals;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.RouteBody;
import dev.concord.platform.web.RouteQuery;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class MessageRoutes {

    @Bean
    RouterFunction<ServerResponse> messageRouter(MessageHandler handler, MessageCrossposts crossposts) {
        return RouterFunctions.route()
                .POST("/channels/{channel_id}/messages/bulk-delete", handler::bulkDelete)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(BulkDeleteRequest.class))
                .POST("/channels/{channel_id}/messages", handler::send)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(MessageCreateRequest.class))
                .GET("/channels/{channel_id}/messages", handler::history)
                .withAttribute(
                        RouteQuery.ATTRIBUTE,
                        RouteQuery.of()
                                .integer("limit")
                                .snowflake("before")
                                .snowflake("after")
                                .snowflake("around"))
                .GET("/channels/{channel_id}/messages/{message_id}", handler::get)
                .PATCH("/channels/{channel_id}/messages/{message_id}", handler::edit)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(MessageEditRequest.class))
                .DELETE("/channels/{channel_id}/messages/{message_id}", handler::delete)
                .POST("/channels/{channel_id}/messages/{message_id}/crosspost", request -> crossposts
                        .crosspost(
                                PathIds.snowflake(request, "channel_id"),
                                PathIds.snowflake(request, "message_id"),
                                Principals.userOrBot(request).userId())
                        .flatMap(message -> ServerResponse.ok().bodyValue(message)))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.none())
                .build();
    }
}
