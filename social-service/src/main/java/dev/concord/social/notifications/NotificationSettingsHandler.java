package dev.concord.social.notifications;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.web.JsonBodies;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** HTTP for the account-wide notification settings; a person's own session only (403 for bots and OAuth2). */
@Component
final class NotificationSettingsHandler {

    private final NotificationSettingsService service;

    NotificationSettingsHandler(NotificationSettingsService service) {
        this.service = service;
    }

    Mono<ServerResponse> replace(ServerRequest request) {
        Principal me = Principals.user(request);
        return JsonBodies.checked(request, NotificationSettingsModifyRequest.class)
                .flatMap(body -> service.replace(me.userId(), body))
                .flatMap(settings -> ServerResponse.ok().bodyValue(settings));
    }
}
