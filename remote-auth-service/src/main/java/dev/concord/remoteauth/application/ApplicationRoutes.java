package dev.concord.remoteauth.application;

import static org.springframework.web.reactive.function.server.RouterFunctions.route;

import dev.concord.platform.web.RouteBody;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class ApplicationRoutes {

    /** The platform's application routes; @me before {application_id}, which would also match it. */
    @Bean
    RouterFunction<ServerResponse> applicationRouter(ApplicationHandler applications) {
        return route().POST("/applications", applications::create)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(CreateApplicationRequest.class))
                .GET("/applications", applications::mine)
                .GET("/applications/@me", applications::ofBot)
                .PATCH("/applications/@me", applications::modifyOfBot)
                .withAttribute(
                        RouteBody.ATTRIBUTE,
                        RouteBody.json(ModifyApplicationRequest.class).upTo(ApplicationHandler.MAX_BODY_BYTES))
                .GET("/oauth2/applications/@me", applications::ofBot)
                .GET("/applications/{application_id}", applications::get)
                .PATCH("/applications/{application_id}", applications::modify)
                .withAttribute(
                        RouteBody.ATTRIBUTE,
                        RouteBody.json(ModifyApplicationRequest.class).upTo(ApplicationHandler.MAX_BODY_BYTES))
                .DELETE("/applications/{application_id}", applications::delete)
                .POST("/applications/{application_id}/delete", applications::delete)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.none())
                .GET("/applications/{application_id}/public", applications::partial)
                .GET("/applications/{application_id}/rpc", applications::partial)
                .POST("/applications/{application_id}/bot", applications::createBot)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.none())
                .POST("/applications/{application_id}/bot/reset", applications::resetBotToken)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.none())
                .POST("/applications/{application_id}/reset", applications::resetSecret)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.none())
                .build();
    }

    /** An application's role connection metadata (its bot's, or its owner's). */
    @Bean
    RouterFunction<ServerResponse> roleConnectionsMetadataRouter(RoleConnectionsMetadataHandler metadata) {
        return route().GET("/applications/{application_id}/role-connections/metadata", metadata::get)
                .PUT("/applications/{application_id}/role-connections/metadata", metadata::replace)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(RoleConnectionsMetadataHandler.RECORDS))
                .build();
    }
}
