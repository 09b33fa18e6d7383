package dev.concord.guild.threads;

import dev.concord.platform.web.RouteBody;
import dev.concord.platform.web.RouteQuery;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class ThreadRoutes {

    @Bean
    RouterFunction<ServerResponse> threadRouter(
            ThreadHandler handler, ThreadMemberHandler members, ThreadListHandler lists) {
        RouteQuery archived = RouteQuery.of().timestamp("before").integer("limit");
        return RouterFunctions.route()
                .GET("/guilds/{guild_id}/threads/active", lists::active)
                .GET("/channels/{channel_id}/threads/archived/public", lists::archivedPublic)
                .withAttribute(RouteQuery.ATTRIBUTE, archived)
                .GET("/channels/{channel_id}/threads/archived/private", lists::archivedPrivate)
                .withAttribute(RouteQuery.ATTRIBUTE, archived)
                .GET("/channels/{channel_id}/users/@me/threads/archived/private", lists::joinedArchivedPrivate)
                .withAttribute(
                        RouteQuery.ATTRIBUTE,
                        RouteQuery.of().snowflake("before").integer("limit"))
                .GET("/channels/{channel_id}/thread-members", members::list)
                .withAttribute(
                        RouteQuery.ATTRIBUTE,
                        RouteQuery.of().flag("with_member").integer("limit").snowflake("after"))
                .GET("/channels/{channel_id}/thread-members/{user_id}", members::get)
                .withAttribute(RouteQuery.ATTRIBUTE, RouteQuery.of().flag("with_member"))
                .PUT("/channels/{channel_id}/thread-members/{user_id}", members::add)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.none())
                .DELETE("/channels/{channel_id}/thread-members/{user_id}", members::remove)
                .POST("/internal/channels/{channel_id}/threads", handler::create)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(ThreadCreateRequest.class))
                .POST("/internal/threads/{thread_id}/messages", handler::recordMessage)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(ThreadMessage.class))
                .POST("/internal/threads/{thread_id}/messages/deleted", handler::messagesDeleted)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(ThreadMessagesDeleted.class))
                .build();
    }
}
