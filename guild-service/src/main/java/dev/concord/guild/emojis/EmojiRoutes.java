package dev.concord.guild.emojis;

import dev.concord.platform.web.RouteBody;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class EmojiRoutes {

    @Bean
    RouterFunction<ServerResponse> emojiRouter(
            EmojiHandler handler, ApplicationEmojiHandler applications, EmojiImageRoute images) {
        return RouterFunctions.route()
                .GET("/guilds/{guild_id}/emojis", handler::list)
                .POST("/guilds/{guild_id}/emojis", handler::create)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(EmojiCreateRequest.class))
                .GET("/guilds/{guild_id}/emojis/{emoji_id}", handler::get)
                .GET("/guilds/{guild_id}/top-emojis", handler::top)
                .PATCH("/guilds/{guild_id}/emojis/{emoji_id}", handler::modify)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(EmojiModifyRequest.class))
                .DELETE("/guilds/{guild_id}/emojis/{emoji_id}", handler::delete)
                .GET("/applications/{application_id}/emojis", applications::list)
                .POST("/applications/{application_id}/emojis", applications::create)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(ApplicationEmojiCreateRequest.class))
                .GET("/applications/{application_id}/emojis/{emoji_id}", applications::get)
                .PATCH("/applications/{application_id}/emojis/{emoji_id}", applications::modify)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(ApplicationEmojiModifyRequest.class))
                .DELETE("/applications/{application_id}/emojis/{emoji_id}", applications::delete)
                .GET("/emojis/{file}", images::serve)
                .build();
    }
}
