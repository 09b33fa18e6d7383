package dev.concord.remoteauth.application;

import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** HTTP for {@code /applications/{application.id}/role-connections/metadata}. */
@Component
class RoleConnectionsMetadataHandler {

    static final ParameterizedTypeReference<List<@Nullable RoleConnectionMetadata>> RECORDS =
            new ParameterizedTypeReference<>() {};

    private final RoleConnectionsMetadataService metadata;

    RoleConnectionsMetadataHandler(RoleConnectionsMetadataService metadata) {
        this.metadata = metadata;
    }

    Mono<ServerResponse> get(ServerRequest request) {
        Snowflake applicationId = PathIds.snowflake(request, "application_id");
        return metadata.get(Principals.of(request), applicationId)
                .flatMap(records -> ServerResponse.ok().bodyValue(records));
    }

    Mono<ServerResponse> replace(ServerRequest request) {
        Snowflake applicationId = PathIds.snowflake(request, "application_id");
        return JsonBodies.required(request, RECORDS)
                .flatMap(records -> metadata.replace(Principals.of(request), applicationId, records))
                .flatMap(records -> ServerResponse.ok().bodyValue(records));
    }
}
