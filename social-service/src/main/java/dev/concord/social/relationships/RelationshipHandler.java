package dev.concord.social.relationships;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.auth.TokenKind;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.QueryParams;
import dev.concord.platform.web.Violations;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * HTTP for relationships. Changes are a person's own (bots 403 20001, OAuth2 403 50001); the list may
 * also be read by an application holding the user's {@code relationships.read} grant, the only caller
 * whose {@code with_implicit} is honoured.
 */
@Component
final class RelationshipHandler {

    static final String READ_SCOPE = "relationships.read";

    private final RelationshipService service;
    private final RelationshipLists lists;

    RelationshipHandler(RelationshipService service, RelationshipLists lists) {
        this.service = service;
        this.lists = lists;
    }

    Mono<ServerResponse> list(ServerRequest request) {
        Principal me = reader(request);
        // Read (and so checked) for every caller, though only OAuth2 callers get implicit relationships.
        boolean withImplicit = QueryParams.flag(request, "with_implicit") && me.isOAuth2();
        return lists.render(me.userId(), withImplicit).flatMap(rendered -> {
            if (request.headers().header(HttpHeaders.IF_NONE_MATCH).contains(rendered.etag())) {
                return ServerResponse.status(HttpStatus.NOT_MODIFIED)
                        .eTag(rendered.etag())
                        .build();
            }
            boolean gzip = request.headers().header(HttpHeaders.ACCEPT_ENCODING).stream()
                    .anyMatch(v -> v.contains("gzip"));
            ServerResponse.BodyBuilder response = ServerResponse.ok()
                    .contentType(MediaType.APPLICATION_JSON)
                    .eTag(rendered.etag())
                    .header(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING);
            if (gzip) {
                response.header(HttpHeaders.CONTENT_ENCODING, "gzip");
            }
            return response.bodyValue(gzip ? rendered.gzip() : rendered.json());
        });
    }

    Mono<ServerResponse> put(ServerRequest request) {
        Snowflake me = Principals.user(request).userId();
        Snowflake target = target(request);
        return JsonBodies.optional(request, RelationshipPutRequest.class)
                .defaultIfEmpty(RelationshipPutRequest.EMPTY)
                .map(Violations::check)
                .flatMap(body -> body.blocks()
                        ? service.block(me, target)
                        : service.befriend(me, target, false, body.friendToken()))
                .then(ServerResponse.noContent().build());
    }

    Mono<ServerResponse> add(ServerRequest request) {
        Snowflake me = Principals.user(request).userId();
        return JsonBodies.checked(request, RelationshipAddRequest.class)
                .flatMap(body -> service.befriendByUsername(me, body.username(), body.discriminatorToMatch()))
                .then(ServerResponse.noContent().build());
    }

    Mono<ServerResponse> modify(ServerRequest request) {
        Snowflake me = Principals.user(request).userId();
        Snowflake target = target(request);
        return JsonBodies.checked(request, RelationshipModifyRequest.class)
                .flatMap(body -> body.changesNickname()
                        ? service.nickname(me, target, body.newNickname())
                        : service.unchanged(me, target))
                .then(ServerResponse.noContent().build());
    }

    Mono<ServerResponse> remove(ServerRequest request) {
        Snowflake me = Principals.user(request).userId();
        return service.remove(me, target(request))
                .then(ServerResponse.noContent().build());
    }

    Mono<ServerResponse> ignore(ServerRequest request) {
        Snowflake me = Principals.user(request).userId();
        return service.ignore(me, target(request))
                .then(ServerResponse.noContent().build());
    }

    Mono<ServerResponse> unignore(ServerRequest request) {
        Snowflake me = Principals.user(request).userId();
        return service.unignore(me, target(request))
                .then(ServerResponse.noContent().build());
    }

    /** Bulk DELETE: only incoming requests may be cleared this way. */
    Mono<ServerResponse> declineIncoming(ServerRequest request) {
        Snowflake me = Principals.user(request).userId();
        int incoming = RelationshipType.INCOMING_REQUEST.value();
        int type = QueryParams.integer(request, "relationship_type", 0, RelationshipType.IMPLICIT.value(), incoming);
        new Violations().oneOf("relationship_type", type, List.of(incoming)).throwIfAny();
        return service.declineIncoming(me, QueryParams.flag(request, "only_spam"))
                .then(ServerResponse.noContent().build());
    }

    private static Principal reader(ServerRequest request) {
        Principal principal = Principals.of(request);
        if (principal.kind() == TokenKind.OAUTH2 && !principal.scopes().contains(READ_SCOPE)) {
            throw ApiErrors.missingAccess();
        }
        return principal.kind() == TokenKind.BOT ? Principals.user(request) : principal;
    }

    private static Snowflake target(ServerRequest request) {
        return PathIds.snowflake(request, "user_id");
    }
}
