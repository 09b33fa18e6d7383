package dev.concord.guild.stages;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** HTTP for stage instances; people and bots act themselves. */
@Component
final class StageInstanceHandler {

    private final StageInstanceService stages;

    StageInstanceHandler(StageInstanceService stages) {
        this.stages = stages;
    }

    Mono<ServerResponse> create(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        return JsonBodies.checked(request, StageInstanceCreateRequest.class)
                .flatMap(body -> stages.create(me.userId(), body))
                .flatMap(stage -> ServerResponse.ok().bodyValue(stage));
    }

    Mono<ServerResponse> get(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        return stages.get(channelId, me.userId())
                .flatMap(stage -> ServerResponse.ok().bodyValue(stage));
    }

    Mono<ServerResponse> modify(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        return JsonBodies.checked(request, StageInstanceModifyRequest.class)
                .flatMap(body -> stages.modify(channelId, me.userId(), body))
                .flatMap(stage -> ServerResponse.ok().bodyValue(stage));
    }

    Mono<ServerResponse> delete(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        return stages.delete(channelId, me.userId())
                .then(ServerResponse.noContent().build());
    }
}
