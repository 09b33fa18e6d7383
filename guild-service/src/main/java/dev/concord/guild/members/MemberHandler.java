package dev.concord.guild.members;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.QueryParams;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * HTTP for guild members; people and bots act themselves, OAuth2 applications may not here.
 * {@code @me} names the caller, as in the platform's "modify current member".
 */
@Component
final class MemberHandler {

    /** The OAuth2 scope that reads one's own member in a guild. */
    static final String MEMBERS_READ_SCOPE = "guilds.members.read";

    /** The platform's page size bounds for listing members. */
    static final int MAX_PAGE = 1000;

    private final MemberService service;

    MemberHandler(MemberService service) {
        this.service = service;
    }

    Mono<ServerResponse> list(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        int limit = QueryParams.integer(request, "limit", 1, MAX_PAGE, 1);
        Snowflake after = PathIds.optionalQuery(request, "after");
        return service.list(guildId, me.userId(), after == null ? 0 : after.value(), limit)
                .flatMap(members -> ServerResponse.ok().bodyValue(members));
    }

    Mono<ServerResponse> get(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        return service.get(guildId, user(request, me), me.userId())
                .flatMap(member -> ServerResponse.ok().bodyValue(member));
    }

    /**
     * {@code GET /users/@me/guilds/{guild.id}/member}: the caller's own member, which an OAuth2 application
     * reads with {@code guilds.members.read}.
     */
    Mono<ServerResponse> mine(ServerRequest request) {
        Principal me = Principals.of(request);
        if (me.isOAuth2() && !me.hasScope(MEMBERS_READ_SCOPE)) {
            throw ApiErrors.missingAccess();
        }
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        return service.get(guildId, me.userId(), me.userId())
                .flatMap(member -> ServerResponse.ok().bodyValue(member));
    }

    Mono<ServerResponse> modify(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        Snowflake target = user(request, me);
        return JsonBodies.checked(request, MemberModifyRequest.class)
                .flatMap(body -> service.modify(guildId, target, me.userId(), body))
                .flatMap(member -> ServerResponse.ok().bodyValue(member));
    }

    Mono<ServerResponse> kick(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        return service.kick(guildId, user(request, me), me.userId())
                .then(ServerResponse.noContent().build());
    }

    Mono<ServerResponse> addRole(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        Snowflake roleId = PathIds.snowflake(request, "role_id");
        return service.addRole(guildId, user(request, me), roleId, me.userId())
                .then(ServerResponse.noContent().build());
    }

    Mono<ServerResponse> removeRole(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        Snowflake roleId = PathIds.snowflake(request, "role_id");
        return service.removeRole(guildId, user(request, me), roleId, me.userId())
                .then(ServerResponse.noContent().build());
    }

    private static Snowflake user(ServerRequest request, Principal me) {
        return "@me".equals(request.pathVariable("user_id")) ? me.userId() : PathIds.snowflake(request, "user_id");
    }
}
