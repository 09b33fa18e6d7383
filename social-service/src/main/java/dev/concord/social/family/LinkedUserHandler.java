package dev.concord.social.family;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.web.JsonBodies;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * HTTP for a user's Family Center links. Only a person's own session may use it: bot tokens get 403
 * 20001, OAuth2 tokens 403 50001 (no scope lets an application supervise or be supervised).
 */
@Component
final class LinkedUserHandler {

    private final LinkService service;

    LinkedUserHandler(LinkService service) {
        this.service = service;
    }

    Mono<ServerResponse> list(ServerRequest request) {
        Principal me = Principals.user(request);
        return service.linkedUsers(me.userId())
                .flatMap(body -> ServerResponse.ok().bodyValue(body));
    }

    Mono<ServerResponse> request(ServerRequest request) {
        Principal me = Principals.user(request);
        return JsonBodies.checked(request, LinkedUserCreateRequest.class)
                .flatMap(body -> service.request(me.userId(), body))
                .flatMap(body -> ServerResponse.ok().bodyValue(body));
    }

    Mono<ServerResponse> modify(ServerRequest request) {
        Principal me = Principals.user(request);
        return JsonBodies.checked(request, LinkedUserModifyRequest.class)
                .flatMap(body -> service.modify(me.userId(), body))
                .flatMap(body -> ServerResponse.ok().bodyValue(body));
    }

    Mono<ServerResponse> linkCode(ServerRequest request) {
        Principal me = Principals.user(request);
        return service.newCode(me.userId()).flatMap(body -> ServerResponse.ok().bodyValue(body));
    }
}
