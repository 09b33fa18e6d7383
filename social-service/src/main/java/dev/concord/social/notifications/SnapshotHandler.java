package dev.concord.social.notifications;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.Violations;
import java.util.Optional;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** HTTP for notification settings snapshots; a person's own session only (403 for bots and OAuth2). */
@Component
final class SnapshotHandler {

    private final SnapshotService service;

    SnapshotHandler(SnapshotService service) {
        this.service = service;
    }

    Mono<ServerResponse> list(ServerRequest request) {
        Principal me = Principals.user(request);
        return service.list(me.userId())
                .flatMap(snapshots -> ServerResponse.ok().bodyValue(snapshots));
    }

    /** The body is optional: clients send none, or {@code {}}, when they have no label. */
    Mono<ServerResponse> take(ServerRequest request) {
        Principal me = Principals.user(request);
        return JsonBodies.optional(request, SnapshotCreateRequest.class)
                .map(Violations::check)
                .map(body -> Optional.ofNullable(body.label().orNull()))
                .defaultIfEmpty(Optional.empty())
                .flatMap(label -> service.take(me.userId(), label.orElse(null)))
                .flatMap(snapshots -> ServerResponse.ok().bodyValue(snapshots));
    }

    Mono<ServerResponse> restore(ServerRequest request) {
        Principal me = Principals.user(request);
        Snowflake id = Ids.fromPath(request, "snapshot_id");
        return service.restore(me.userId(), id)
                .flatMap(settings -> ServerResponse.ok().bodyValue(settings));
    }

    /** {@code GET} of a snapshot deletes it: that is what the platform does with this route. */
    Mono<ServerResponse> delete(ServerRequest request) {
        Principal me = Principals.user(request);
        Snowflake id = Ids.fromPath(request, "snapshot_id");
        return service.delete(me.userId(), id)
                .flatMap(snapshots -> ServerResponse.ok().bodyValue(snapshots));
    }
}
