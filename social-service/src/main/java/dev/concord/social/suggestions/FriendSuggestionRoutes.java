package dev.concord.social.suggestions;

import dev.concord.platform.web.RouteBody;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

@Configuration(proxyBeanMethods = false)
class FriendSuggestionRoutes {

    /** {@code GET /friend-suggestions}, {@code DELETE /friend-suggestions/{user.id}}, and their ingestion. */
    @Bean
    RouterFunction<ServerResponse> friendSuggestionRouter(FriendSuggestionHandler handler) {
        return RouterFunctions.route()
                .GET("/friend-suggestions", handler::list)
                .DELETE("/friend-suggestions/{user_id}", handler::dismiss)
                .PUT("/internal/users/{user_id}/platform-contacts/{platform}", handler::replaceContacts)
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(PlatformContactsRequest.class))
                .build();
    }
}
