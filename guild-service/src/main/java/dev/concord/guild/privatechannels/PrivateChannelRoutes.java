package dev.concord.guild.privatechannels;

import dev.concord.platform.auth.Principals;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.RouteBody;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/** {@code GET} and {@code POST /users/@me/channels}: a user's (or bot's) DMs, and opening one. */
@Configuration(proxyBeanMethods = false)
class PrivateChannelRoutes {

    @Bean
    RouterFunction<ServerResponse> privateChannelRouter(PrivateChannelService service) {
        return RouterFunctions.route()
                .GET("/users/@me/channels", request -> service.list(
                                Principals.userOrBot(request).userId())
                        .flatMap(channels -> ServerResponse.ok().bodyValue(channels)))
                .POST("/users/@me/channels", request -> JsonBodies.checked(request, PrivateChannelRequest.class)
                        .flatMap(body ->
                                service.open(Principals.userOrBot(request).userId(), body))
                        .flatMap(channel -> ServerResponse.ok().bodyValue(channel)))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(PrivateChannelRequest.class))
                .build();
    }
}
