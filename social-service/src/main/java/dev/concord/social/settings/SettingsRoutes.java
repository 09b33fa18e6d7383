package dev.concord.social.settings;

import dev.concord.platform.web.RouteBody;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class SettingsRoutes {

    /** {@code GET} and {@code PATCH /users/@me/settings}: the caller's own user settings. */
    @Bean
    RouterFunction<ServerResponse> userSettingsRouter(SettingsHandler handler) {
        return RouterFunctions.route()
                .GET("/users/@me/settings", handler::get)
                .PATCH("/users/@me/settings", handler::modify)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(UserSettingsModifyRequest.class))
                .build();
    }
}
