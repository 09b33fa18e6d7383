package dev.concord.guild.invites;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.QueryParams;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * HTTP for invites. People and bots make and manage them; anyone may read one by its code, without a
 * token too ({@code GET /invites/*} is a public path, as on the platform);
 * only people join with one (bots are added through OAuth2, and the platform withdrew joining for
 * OAuth2 applications).
 */
@Component
final class InviteHandler {

    private final InviteService service;

    InviteHandler(InviteService service) {
        this.service = service;
    }

    Mono<ServerResponse> create(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        return JsonBodies.checked(request, InviteCreateRequest.class)
                .flatMap(body -> service.create(channelId, me.userId(), body))
                .flatMap(invite -> ServerResponse.ok().bodyValue(invite));
    }

    Mono<ServerResponse> listByChannel(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        return service.listByChannel(channelId, me.userId())
                .flatMap(invites -> ServerResponse.ok().bodyValue(invites));
    }

    Mono<ServerResponse> listByGuild(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        return service.listByGuild(guildId, me.userId())
                .flatMap(invites -> ServerResponse.ok().bodyValue(invites));
    }

    /**
     * For any caller, signed in or not: the answer holds nothing of the caller's. {@code with_expiration} is
     * accepted and changes nothing: {@code expires_at} is always there.
     */
    Mono<ServerResponse> get(ServerRequest request) {
        return service.get(request.pathVariable("code"), QueryParams.flag(request, "with_counts"))
                .flatMap(invite -> ServerResponse.ok().bodyValue(invite));
    }

    Mono<ServerResponse> delete(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        return service.delete(request.pathVariable("code"), me.userId())
                .flatMap(invite -> ServerResponse.ok().bodyValue(invite));
    }

    Mono<ServerResponse> accept(ServerRequest request) {
        Principal me = Principals.user(request);
        return service.accept(request.pathVariable("code"), me.userId())
                .flatMap(invite -> ServerResponse.ok().bodyValue(invite));
    }
}
