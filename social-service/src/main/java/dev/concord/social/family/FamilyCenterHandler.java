package dev.concord.social.family;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.PathIds;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** HTTP for the Family Center overview; a person's own session only, like the links. */
@Component
final class FamilyCenterHandler {

    private final FamilyCenterService service;

    FamilyCenterHandler(FamilyCenterService service) {
        this.service = service;
    }

    Mono<ServerResponse> overview(ServerRequest request) {
        Principal me = Principals.user(request);
        Snowflake teen = PathIds.optionalQuery(request, "teen_id");
        return service.overview(me.userId(), teen)
                .flatMap(body -> ServerResponse.ok().bodyValue(body));
    }
}
