package dev.concord.guild.voice.filters;

import dev.concord.platform.web.RouteQuery;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class VoiceFilterRoutes {

    @Bean
    RouterFunction<ServerResponse> voiceFilterRouter(VoiceFilterHandler handler) {
        return RouterFunctions.route()
                .GET("/voice-filters/catalog", handler::catalog)
                .withAttribute(RouteQuery.ATTRIBUTE, RouteQuery.of().integer("vfm_version"))
                .build();
    }
}
