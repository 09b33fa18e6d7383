package dev.concord.guild.voice.keys;

import dev.concord.platform.web.RouteBody;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class VoiceKeyRoutes {

    @Bean
    RouterFunction<ServerResponse> voiceKeyRouter(VoiceKeyHandler handler) {
        return RouterFunctions.route()
                .PUT("/voice/public-keys", handler::upload)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(VoicePublicKeyUploadRequest.class))
                .POST("/voice/{user_id}/match-public-key", handler::match)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(VoicePublicKeyMatchRequest.class))
                .build();
    }
}
