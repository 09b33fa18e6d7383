package dev.concord.remoteauth.account;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.auth.RedisRevocations;
import dev.concord.platform.web.JsonBodies;
import dev.concord.remoteauth.ratelimit.ClientAddress;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** HTTP for registering, logging in and out. */
@Component
class AccountHandler {

    private final RegistrationService registrations;
    private final LoginService logins;
    private final RedisRevocations revocations;

    AccountHandler(RegistrationService registrations, LoginService logins, RedisRevocations revocations) {
        this.registrations = registrations;
        this.logins = logins;
        this.revocations = revocations;
    }

    Mono<ServerResponse> register(ServerRequest request) {
        return JsonBodies.checked(request, RegisterRequest.class)
                .flatMap(registrations::register)
                .flatMap(token -> ServerResponse.status(HttpStatus.CREATED).bodyValue(new TokenResponse(token)));
    }

    Mono<ServerResponse> login(ServerRequest request) {
        String address = ClientAddress.of(request.exchange().getRequest());
        return JsonBodies.checked(request, LoginRequest.class)
                .flatMap(body -> logins.login(body, address))
                .flatMap(session -> ServerResponse.ok().bodyValue(session));
    }

    /** Revokes exactly the token of this request; the user's other sessions stay signed in. */
    Mono<ServerResponse> logout(ServerRequest request) {
        Principal me = Principals.user(request);
        return revocations.revokeToken(me).then(ServerResponse.noContent().build());
    }
}
