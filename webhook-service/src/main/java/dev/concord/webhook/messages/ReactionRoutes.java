package dev.concord.webhook.messages;

import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.QueryParams;
import dev.concord.platform.web.RouteBody;
import dev.concord.platform.web.RouteQuery;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** A message's reactions: adding and taking off one's own, taking off others', listing who reacted. */
@Configuration(proxyBeanMethods = false)
class ReactionRoutes {

    private static final String REACTIONS = "/channels/{channel_id}/messages/{message_id}/reactions";
    private static final int MAX_USERS = 100;
    private static final int DEFAULT_USERS = 25;
    /** Burst ("super") reactions: none on this platform, so their list is always empty. */
    private static final int BURST = 1;

    @Bean
    RouterFunction<ServerResponse> reactionRouter(ReactionService reactions) {
        return RouterFunctions.route()
                .PUT(REACTIONS + "/{emoji}/@me", request -> reactions
                        .add(me(request), channel(request), message(request), emoji(request))
                        .then(ServerResponse.noContent().build()))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.none())
                .DELETE(REACTIONS + "/{emoji}/@me", request -> reactions
                        .remove(me(request), channel(request), message(request), emoji(request), me(request))
                        .then(ServerResponse.noContent().build()))
                .DELETE(REACTIONS + "/{emoji}/{user_id}", request -> reactions
                        .remove(
                                me(request),
                                channel(request),
                                message(request),
                                emoji(request),
                                PathIds.snowflake(request, "user_id"))
                        .then(ServerResponse.noContent().build()))
                .GET(REACTIONS + "/{emoji}", request -> users(reactions, request))
                .withAttribute(
                        RouteQuery.ATTRIBUTE,
                        RouteQuery.of().snowflake("after").integer("limit").integer("type"))
                .DELETE(REACTIONS + "/{emoji}", request -> reactions
                        .removeEmoji(me(request), channel(request), message(request), emoji(request))
                        .then(ServerResponse.noContent().build()))
                .DELETE(REACTIONS, request -> reactions
                        .removeAll(me(request), channel(request), message(request))
                        .then(ServerResponse.noContent().build()))
                .build();
    }

    private static Mono<ServerResponse> users(ReactionService reactions, ServerRequest request) {
        ReactionEmoji emoji = emoji(request);
        int limit = QueryParams.integer(request, "limit", 1, MAX_USERS, DEFAULT_USERS);
        int type = QueryParams.integer(request, "type", 0, BURST, 0);
        Snowflake after = QueryParams.snowflake(request, "after");
        if (type == BURST) {
            return reactions
                    .users(me(request), channel(request), message(request), emoji, Long.MAX_VALUE, limit)
                    .flatMap(none -> ServerResponse.ok().bodyValue(List.of()));
        }
        return reactions
                .users(me(request), channel(request), message(request), emoji, after == null ? 0 : after.value(), limit)
                .flatMap(users -> ServerResponse.ok().bodyValue(users));
    }

    private static ReactionEmoji emoji(ServerRequest request) {
        return ReactionEmoji.parse(request.pathVariable("emoji"));
    }

    private static Snowflake me(ServerRequest request) {
        return Principals.userOrBot(request).userId();
    }

    private static Snowflake channel(ServerRequest request) {
        return PathIds.snowflake(request, "channel_id");
    }

    private static Snowflake message(ServerRequest request) {
        return PathIds.snowflake(request, "message_id");
    }
}
