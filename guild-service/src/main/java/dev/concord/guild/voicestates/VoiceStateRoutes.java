package dev.concord.guild.voicestates;

import dev.concord.platform.web.RouteBody;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class VoiceStateRoutes {

    @Bean
    RouterFunction<ServerResponse> voiceStateRouter(VoiceStateHandler handler) {
        return RouterFunctions.route()
                .GET("/guilds/{guild_id}/voice-states/@me", handler::getSelf)
                .PATCH("/guilds/{guild_id}/voice-states/@me", handler::modifySelf)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(VoiceStateSelfRequest.class))
                .GET("/guilds/{guild_id}/voice-states/{user_id}", handler::getUser)
                .PATCH("/guilds/{guild_id}/voice-states/{user_id}", handler::modifyUser)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(VoiceStateUserRequest.class))
                .POST("/channels/{channel_id}/voice-channel-effects", handler::sendEffect)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(VoiceChannelEffectRequest.class))
                .POST("/internal/voice-states", handler::update)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(VoiceJoinRequest.class))
                .POST("/internal/voice-states/session-ended", handler::sessionEnded)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(VoiceSessionEnded.class))
                .build();
    }
}
