package dev.concord.remoteauth.user;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.auth.TokenKind;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.image.DataUriImage;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** HTTP for users; the rules are in {@link UserService}. */
@Component
class UserHandler {

    /**
     * An avatar and a banner are up to 10 MiB each ({@link DataUriImage#MAX_BYTES}), about 13.4 MiB as
     * base64 in a data URI: this route alone reads bodies that large; every other route keeps the
     * platform's 1 MiB ({@link JsonBodies#DEFAULT_MAX_BYTES}).
     */
    static final int MAX_BODY_BYTES = 14 * 1024 * 1024;

    private final UserService users;

    UserHandler(UserService users) {
        this.users = users;
    }

    /** Bots and users may read themselves; OAuth2 needs {@code identify}, and {@code email} for the email. */
    Mono<ServerResponse> me(ServerRequest request) {
        Principal me = Principals.of(request);
        if (me.isOAuth2() && !me.hasScope("identify")) {
            throw ApiErrors.missingAccess();
        }
        boolean withEmail = me.kind() == TokenKind.USER || (me.isOAuth2() && me.hasScope("email"));
        return users.me(me).flatMap(row -> ServerResponse.ok().bodyValue(UserObject.of(row, withEmail)));
    }

    Mono<ServerResponse> modifyMe(ServerRequest request) {
        Principal me = Principals.user(request);
        return JsonBodies.checked(request, ModifyCurrentUserRequest.class, MAX_BODY_BYTES)
                .flatMap(body -> users.modify(me, body))
                .flatMap(modified -> ServerResponse.ok().bodyValue(modified));
    }

    /** Any kind of token may look users up; the filter has already refused requests without one. */
    Mono<ServerResponse> user(ServerRequest request) {
        return users.partial(request.pathVariable("user_id"))
                .flatMap(user -> ServerResponse.ok().bodyValue(user));
    }
}
