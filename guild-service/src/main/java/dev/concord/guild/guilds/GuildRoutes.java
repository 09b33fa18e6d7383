package dev.concord.guild.guilds;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class GuildRoutes {

    @Bean
    RouterFunction<ServerResponse> guildRouter(GuildHandler handler) {
        return RouterFunctions.route()
                .POST("/guilds", handler::create)
                .GET("/guilds/{guild_id}", handler::get)
                .PATCH("/guilds/{guild_id}", handler::modify)
                .DELETE("/guilds/{guild_id}", handler::delete)
                .GET("/users/@me/guilds", handler::listMine)
                .DELETE("/users/@me/guilds/{guild_id}", handler::leave)
                .build();
    }
}
