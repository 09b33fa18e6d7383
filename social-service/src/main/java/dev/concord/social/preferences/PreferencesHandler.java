package dev.concord.social.preferences;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.web.JsonBodies;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * HTTP for a user's consents and e-mail settings. Only a person's own session may use them: bot tokens
 * get 403 20001, OAuth2 tokens 403 50001 (no scope lets an application read or change these).
 */
@Component
final class PreferencesHandler {

    private final ConsentService consents;
    private final EmailSettingsService emailSettings;

    PreferencesHandler(ConsentService consents, EmailSettingsService emailSettings) {
        this.consents = consents;
        this.emailSettings = emailSettings;
    }

    Mono<ServerResponse> getConsents(ServerRequest request) {
        Principal me = Principals.user(request);
        return consents.get(me.userId()).flatMap(body -> ServerResponse.ok().bodyValue(body));
    }

    Mono<ServerResponse> modifyConsents(ServerRequest request) {
        Principal me = Principals.user(request);
        return JsonBodies.checked(request, ConsentModifyRequest.class)
                .flatMap(body -> consents.modify(me.userId(), body))
                .flatMap(body -> ServerResponse.ok().bodyValue(body));
    }

    Mono<ServerResponse> getEmailSettings(ServerRequest request) {
        Principal me = Principals.user(request);
        return emailSettings.get(me.userId()).flatMap(body -> ServerResponse.ok()
                .bodyValue(body));
    }

    Mono<ServerResponse> modifyEmailSettings(ServerRequest request) {
        Principal me = Principals.user(request);
        return JsonBodies.checked(request, EmailSettingsModifyRequest.class)
                .flatMap(body -> emailSettings.modify(me.userId(), body))
                .flatMap(body -> ServerResponse.ok().bodyValue(body));
    }
}
