package dev.concord.social.preferences;

import dev.concord.platform.web.RouteBody;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class PreferencesRoutes {

    /** {@code GET} and {@code POST /users/@me/consent}: the caller's data-use consents. */
    @Bean
    RouterFunction<ServerResponse> consentRouter(PreferencesHandler handler) {
        return RouterFunctions.route()
                .GET("/users/@me/consent", handler::getConsents)
                .POST("/users/@me/consent", handler::modifyConsents)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(ConsentModifyRequest.class))
                .build();
    }

    /** {@code GET} and {@code PATCH /users/@me/email-settings}: the caller's marketing e-mail choices. */
    @Bean
    RouterFunction<ServerResponse> emailSettingsRouter(PreferencesHandler handler) {
        return RouterFunctions.route()
                .GET("/users/@me/email-settings", handler::getEmailSettings)
                .PATCH("/users/@me/email-settings", handler::modifyEmailSettings)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(EmailSettingsModifyRequest.class))
                .build();
    }
}
