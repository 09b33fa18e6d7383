package dev.concord.guild.privatechannels;

import dev.concord.platform.auth.Principals;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.RouteBody;
import dev.concord.platform.web.Violations;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpStatus;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * {@code GET} and {@code POST /users/@me/channels}: a user's (or bot's) DMs, opening one, making a group
 * DM; and a group DM's recipients, {@code PUT} and {@code DELETE /channels/{channel.id}/recipients/{user.id}}.
 */
@Configuration(proxyBeanMethods = false)
class PrivateChannelRoutes {

    private static final String RECIPIENT = "/channels/{channel_id}/recipients/{user_id}";

    @Bean
    RouterFunction<ServerResponse> privateChannelRouter(PrivateChannelService service) {
        return RouterFunctions.route()
                .GET("/users/@me/channels", request -> service.list(
                                Principals.userOrBot(request).userId())
                        .flatMap(channels -> ServerResponse.ok().bodyValue(channels)))
                .POST("/users/@me/channels", request -> JsonBodies.checked(request, PrivateChannelRequest.class)
                        .flatMap(body -> service.open(Principals.userOrBot(request), body))
                        .flatMap(channel -> ServerResponse.ok().bodyValue(channel)))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(PrivateChannelRequest.class))
                // webhook-service, before a message goes into a DM (docs/internal-api.md).
                .POST("/internal/channels/{channel_id}/reopen", request -> service.reopen(
                                PathIds.snowflake(request, "channel_id"))
                        .then(ServerResponse.noContent().build()))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.none())
                .build();
    }

    @Bean
    RouterFunction<ServerResponse> groupRecipientRouter(GroupRecipients recipients) {
        return RouterFunctions.route()
                .PUT(RECIPIENT, request -> JsonBodies.optional(request, GroupRecipientRequest.class)
                        .defaultIfEmpty(GroupRecipientRequest.EMPTY)
                        .map(Violations::check)
                        .flatMap(body -> recipients.add(
                                Principals.userOrBot(request),
                                PathIds.snowflake(request, "channel_id"),
                                PathIds.snowflake(request, "user_id")))
                        .flatMap(added -> added.isPresent()
                                ? ServerResponse.status(HttpStatus.CREATED).bodyValue(added.get())
                                : ServerResponse.noContent().build()))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(GroupRecipientRequest.class))
                .DELETE(RECIPIENT, request -> recipients
                        .remove(
                                Principals.userOrBot(request),
                                PathIds.snowflake(request, "channel_id"),
                                PathIds.snowflake(request, "user_id"))
                        .then(ServerResponse.noContent().build()))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.none())
                .build();
    }
}
