package dev.concord.social.settings;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.web.JsonBodies;
import java.time.Clock;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * HTTP for a user's own settings. Only a person's session may use it: bot tokens get 403 20001, OAuth2
 * tokens 403 50001 (settings are not something an application may read or write for a user here).
 */
@Component
final class SettingsHandler {

    private final SettingsService service;
    private final Clock clock;

    SettingsHandler(SettingsService service, Clock clock) {
        this.service = service;
        this.clock = clock;
    }

    Mono<ServerResponse> get(ServerRequest request) {
        Principal me = Principals.user(request);
        return service.get(me.userId()).flatMap(settings -> ServerResponse.ok().bodyValue(settings));
    }

    Mono<ServerResponse> modify(ServerRequest request) {
        Principal me = Principals.user(request);
        return JsonBodies.required(request, UserSettingsModifyRequest.class)
                .map(body -> body.checked(clock.instant()))
                .flatMap(body -> service.modify(me.userId(), body))
                .flatMap(settings -> ServerResponse.ok().bodyValue(settings));
    }
}
