package dev.concord.remoteauth.application;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.JsonBodies;
import java.net.URI;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** HTTP for applications; the rules are in {@link ApplicationService}. */
@Component
class ApplicationHandler {

    /** An icon and a cover image of up to 10 MiB each, as base64 in data URIs, and the rest of the body. */
    static final int MAX_BODY_BYTES = 28 * 1024 * 1024;

    private final ApplicationService applications;

    ApplicationHandler(ApplicationService applications) {
        this.applications = applications;
    }

    Mono<ServerResponse> create(ServerRequest request) {
        Principal me = Principals.user(request);
        return JsonBodies.checked(request, CreateApplicationRequest.class)
                .flatMap(body -> applications.create(me, body))
                .flatMap(created -> ServerResponse.created(
                                URI.create("/applications/" + created.id().asString()))
                        .bodyValue(created));
    }

    Mono<ServerResponse> mine(ServerRequest request) {
        return applications.mine(Principals.user(request)).flatMap(list -> ServerResponse.ok()
                .bodyValue(list));
    }

    Mono<ServerResponse> get(ServerRequest request) {
        return applications
                .get(Principals.user(request), request.pathVariable("application_id"))
                .flatMap(application -> ServerResponse.ok().bodyValue(application));
    }

    Mono<ServerResponse> modify(ServerRequest request) {
        Principal me = Principals.user(request);
        return JsonBodies.checked(request, ModifyApplicationRequest.class, MAX_BODY_BYTES)
                .flatMap(body -> applications.modify(me, request.pathVariable("application_id"), body))
                .flatMap(application -> ServerResponse.ok().bodyValue(application));
    }

    Mono<ServerResponse> delete(ServerRequest request) {
        return applications
                .delete(Principals.user(request), request.pathVariable("application_id"))
                .then(ServerResponse.noContent().build());
    }

    /** {@code GET /applications/@me} and {@code /oauth2/applications/@me}: a bot's own application. */
    Mono<ServerResponse> ofBot(ServerRequest request) {
        return applications.ofBot(bot(request)).flatMap(application -> ServerResponse.ok()
                .bodyValue(application));
    }

    Mono<ServerResponse> modifyOfBot(ServerRequest request) {
        Principal bot = bot(request);
        return JsonBodies.checked(request, ModifyApplicationRequest.class, MAX_BODY_BYTES)
                .flatMap(body -> applications.modifyOfBot(bot, body))
                .flatMap(application -> ServerResponse.ok().bodyValue(application));
    }

    /** Any caller may read the partial application. */
    Mono<ServerResponse> partial(ServerRequest request) {
        Principals.of(request);
        return applications.partial(request.pathVariable("application_id")).flatMap(application -> ServerResponse.ok()
                .bodyValue(application));
    }

    Mono<ServerResponse> createBot(ServerRequest request) {
        return applications
                .createBot(Principals.user(request), request.pathVariable("application_id"))
                .flatMap(token -> ServerResponse.ok().bodyValue(token));
    }

    Mono<ServerResponse> resetBotToken(ServerRequest request) {
        return applications
                .resetBotToken(Principals.user(request), request.pathVariable("application_id"))
                .flatMap(token -> ServerResponse.ok().bodyValue(token));
    }

    Mono<ServerResponse> resetSecret(ServerRequest request) {
        return applications
                .resetSecret(Principals.user(request), request.pathVariable("application_id"))
                .flatMap(secret -> ServerResponse.ok().bodyValue(secret));
    }

    /** The @me routes are a bot's: a person has no current application. */
    private static Principal bot(ServerRequest request) {
        Principal principal = Principals.of(request);
        if (!principal.isBot()) {
            throw ApiErrors.missingAccess();
        }
        return principal;
    }
}
