package dev.concord.guild.calls;

import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.RouteBody;
import dev.concord.platform.web.Violations;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * A person's client rings a DM's call ({@code POST /channels/{id}/call/ring}) and declines or cancels a
 * ring ({@code .../stop-ringing}); bots are never in calls (403 20001). Both answer 204.
 */
@Configuration(proxyBeanMethods = false)
class CallRoutes {

    @Bean
    RouterFunction<ServerResponse> callRouter(PrivateCalls calls) {
        return RouterFunctions.route()
                .POST("/channels/{channel_id}/call/ring", request -> ringing(request, calls::ring))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(CallRingRequest.class))
                .POST("/channels/{channel_id}/call/stop-ringing", request -> ringing(request, calls::stopRinging))
                .withAttribute(RouteBody.ATTRIBUTE, RouteBody.json(CallRingRequest.class))
                .build();
    }

    /** A ringing change: a person only, and the body optional (none, or {@code {"recipients": null}}: the default). */
    private static Mono<ServerResponse> ringing(ServerRequest request, RingingChange change) {
        Snowflake me = Principals.user(request).userId();
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        return JsonBodies.optional(request, CallRingRequest.class)
                .defaultIfEmpty(CallRingRequest.EMPTY)
                .map(Violations::check)
                .flatMap(body -> change.apply(me, channelId, body.named()))
                .then(ServerResponse.noContent().build());
    }

    @FunctionalInterface
    private interface RingingChange {
        Mono<Void> apply(Snowflake userId, Snowflake channelId, @Nullable List<Snowflake> named);
    }
}
