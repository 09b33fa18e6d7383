package dev.concord.social.games;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import java.util.List;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** HTTP for game relationships; who may call what is {@link GameRelationshipAccess}. */
@Component
final class GameRelationshipHandler {

    private final GameRelationshipService service;

    GameRelationshipHandler(GameRelationshipService service) {
        this.service = service;
    }

    /** A game sees its own relationships without the other user; a person sees all, with them. */
    Mono<ServerResponse> list(ServerRequest request) {
        Principal me = GameRelationshipAccess.userOrGame(request, GameRelationshipAccess.READ);
        Snowflake application = me.isOAuth2() ? me.applicationId() : null;
        return service.list(me.userId(), application, !me.isOAuth2())
                .collectList()
                .flatMap(relationships -> ServerResponse.ok().bodyValue(relationships));
    }

    Mono<ServerResponse> requestByUsername(ServerRequest request) {
        Principal me = GameRelationshipAccess.game(request);
        return JsonBodies.checked(request, GameFriendRequest.class)
                .flatMap(body -> service.targetByUsername(me.userId(), body.username()))
                .flatMap(target -> service.request(me.userId(), target, GameRelationshipAccess.application(me)))
                .then(ServerResponse.noContent().build());
    }

    Mono<ServerResponse> requestOrAccept(ServerRequest request) {
        Principal me = GameRelationshipAccess.game(request);
        Snowflake target = PathIds.snowflake(request, "user_id");
        return optionalBody(request, GameRelationshipPutRequest.REQUEST_OR_ACCEPT)
                .then(service.targetById(me.userId(), target))
                .flatMap(user -> service.request(me.userId(), user, GameRelationshipAccess.application(me)))
                .then(ServerResponse.noContent().build());
    }

    Mono<ServerResponse> acceptInApplication(ServerRequest request) {
        Principal me = Principals.user(request);
        Snowflake target = PathIds.snowflake(request, "user_id");
        Snowflake application = PathIds.snowflake(request, "application_id");
        return optionalBody(request, GameRelationshipPutRequest.ACCEPT)
                .then(service.accept(me.userId(), target, application))
                .then(ServerResponse.noContent().build());
    }

    /** A game removes in its own application; a person in every one. */
    Mono<ServerResponse> remove(ServerRequest request) {
        Principal me = GameRelationshipAccess.userOrGame(request, GameRelationshipAccess.WRITE);
        Snowflake target = PathIds.snowflake(request, "user_id");
        Snowflake application = me.isOAuth2() ? me.applicationId() : null;
        return service.remove(me.userId(), target, application)
                .then(ServerResponse.noContent().build());
    }

    Mono<ServerResponse> removeInApplication(ServerRequest request) {
        Principal me = Principals.user(request);
        Snowflake target = PathIds.snowflake(request, "user_id");
        Snowflake application = PathIds.snowflake(request, "application_id");
        return service.remove(me.userId(), target, application)
                .then(ServerResponse.noContent().build());
    }

    /** The PUT body, checked; clients may send none, which means the default type. */
    private static Mono<GameRelationshipPutRequest> optionalBody(ServerRequest request, List<Integer> allowed) {
        return JsonBodies.optional(request, GameRelationshipPutRequest.class)
                .defaultIfEmpty(GameRelationshipPutRequest.EMPTY)
                .map(body -> body.checked(allowed));
    }
}
