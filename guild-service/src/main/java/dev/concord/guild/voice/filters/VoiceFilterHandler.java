package dev.concord.guild.voice.filters;

import dev.concord.platform.auth.Principals;
import dev.concord.platform.web.QueryParams;
import dev.concord.platform.web.Violations;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** HTTP for the voice filter catalog; people and bots read it. */
@Component
final class VoiceFilterHandler {

    private final VoiceFilterCatalog catalog;

    VoiceFilterHandler(VoiceFilterCatalog catalog) {
        this.catalog = catalog;
    }

    /** {@code vfm_version} is required: which voices a client can run depends on it (400 naming it without). */
    Mono<ServerResponse> catalog(ServerRequest request) {
        Principals.userOrBot(request);
        if (request.queryParam("vfm_version").isEmpty()) {
            throw new Violations().required("vfm_version", null).toException();
        }
        int vfmVersion = QueryParams.integer(request, "vfm_version", 1, Integer.MAX_VALUE, 1);
        return ServerResponse.ok().bodyValue(catalog.forModuleVersion(vfmVersion));
    }
}
