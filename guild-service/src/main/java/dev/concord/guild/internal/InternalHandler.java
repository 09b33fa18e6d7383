package dev.concord.guild.internal;

import dev.concord.guild.guilds.ReadyGuilds;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.QueryParams;
import dev.concord.platform.web.Unknown;
import java.util.Map;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * HTTP for the internal authorization API (docs/internal-api.md). Only other services reach it: the
 * authentication filter takes nothing but the internal secret on {@code /internal/**}.
 */
@Component
final class InternalHandler {

    static final int MAX_MEMBER_PAGE = 10_000;
    static final int DEFAULT_MEMBER_PAGE = 1000;

    private final AuthorizationService service;
    private final ReadyGuilds readyGuilds;
    private final MemberLookup memberLookup;
    private final SnapshotStore snapshots;

    InternalHandler(
            AuthorizationService service, ReadyGuilds readyGuilds, MemberLookup memberLookup, SnapshotStore snapshots) {
        this.service = service;
        this.readyGuilds = readyGuilds;
        this.memberLookup = memberLookup;
        this.snapshots = snapshots;
    }

    /** The guild's owner, roles and channels' overwrites, for a service that computes permissions itself. */
    Mono<ServerResponse> authorizationSnapshot(ServerRequest request) {
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        return snapshots
                .guild(guildId)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.GUILD)))
                .flatMap(snapshot -> ServerResponse.ok().bodyValue(snapshot));
    }

    /** The users' member rows (roles, timeout) in every guild they are in. */
    Mono<ServerResponse> memberships(ServerRequest request) {
        return JsonBodies.checked(request, MembershipQuery.class)
                .flatMap(query -> snapshots.memberships(query.userIds()))
                .flatMap(members -> ServerResponse.ok().bodyValue(Map.of("members", members)));
    }

    /** Member objects by username prefix or by id, for the gateway's member requests. */
    Mono<ServerResponse> searchMembers(ServerRequest request) {
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        return JsonBodies.checked(request, MemberQuery.class)
                .flatMap(query -> memberLookup.find(guildId, query))
                .flatMap(members -> ServerResponse.ok().bodyValue(Map.of("members", members)));
    }

    /** The user's guilds as GUILD_CREATE payloads, for the gateway's READY. */
    Mono<ServerResponse> guildsOf(ServerRequest request) {
        Snowflake userId = PathIds.snowflake(request, "user_id");
        return readyGuilds.of(userId).collectList().flatMap(guilds -> ServerResponse.ok()
                .bodyValue(guilds));
    }

    Mono<ServerResponse> permissions(ServerRequest request) {
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        return JsonBodies.checked(request, PermissionsQuery.class)
                .flatMap(query -> service.permissions(guildId, query))
                .flatMap(answer -> ServerResponse.ok().bodyValue(answer));
    }

    Mono<ServerResponse> members(ServerRequest request) {
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        Snowflake after = PathIds.optionalQuery(request, "after");
        int limit = QueryParams.integer(request, "limit", 1, MAX_MEMBER_PAGE, DEFAULT_MEMBER_PAGE);
        return service.memberIds(guildId, after == null ? 0 : after.value(), limit)
                .flatMap(ids -> ServerResponse.ok().bodyValue(Map.of("user_ids", ids)));
    }
}
