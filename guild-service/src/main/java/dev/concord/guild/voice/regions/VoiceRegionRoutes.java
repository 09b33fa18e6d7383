package dev.concord.guild.voice.regions;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(VoiceRegionSettings.class)
class VoiceRegionRoutes {

    @Bean
    RouterFunction<ServerResponse> voiceRegionRouter(VoiceRegionHandler handler) {
        return RouterFunctions.route()
                .GET("/voice/regions", handler::list)
                .GET("/guilds/{guild_id}/regions", handler::guildList)
                .build();
    }
}
