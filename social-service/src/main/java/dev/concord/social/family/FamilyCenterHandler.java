package dev.concord.social.family;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
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
        Snowflake teen = request.queryParam("teen_id").map(FamilyCenterHandler::teenId).orElse(null);
        return service.overview(me.userId(), teen).flatMap(body -> ServerResponse.ok().bodyValue(body));
    }

    private static Snowflake teenId(String text) {
        try {
            return Snowflake.parse(text);
        } catch (NumberFormatException e) {
            new Violations().add("teen_id", "NUMBER_TYPE_COERCE", "Value \"" + text + "\" is not snowflake.").throwIfAny();
            throw e;
        }
    }
}
