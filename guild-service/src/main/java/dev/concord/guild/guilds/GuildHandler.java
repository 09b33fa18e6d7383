package dev.concord.guild.guilds;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.QueryParams;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * HTTP for guilds. People create guilds (bots may not: the platform retired that); members read them;
 * OAuth2 callers list a user's guilds with the {@code guilds} scope.
 */
@Component
final class GuildHandler {

    static final int MAX_PAGE = 200;
    /** More than any person's guilds (100); the consent screen lists them all. */
    static final int MAX_MANAGEABLE = 200;

    private final GuildService service;

    GuildHandler(GuildService service) {
        this.service = service;
    }

    Mono<ServerResponse> create(ServerRequest request) {
        Principal me = Principals.user(request);
        return JsonBodies.checked(request, GuildCreateRequest.class)
                .flatMap(body -> service.create(me.userId(), body))
                .flatMap(guild -> ServerResponse.status(HttpStatus.CREATED).bodyValue(guild));
    }

    Mono<ServerResponse> get(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        return service.get(guildId, me.userId(), QueryParams.flag(request, "with_counts"))
                .flatMap(guild -> ServerResponse.ok().bodyValue(guild));
    }

    Mono<ServerResponse> modify(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        return JsonBodies.checked(request, GuildModifyRequest.class)
                .flatMap(body -> service.modify(guildId, me.userId(), body))
                .flatMap(guild -> ServerResponse.ok().bodyValue(guild));
    }

    Mono<ServerResponse> delete(ServerRequest request) {
        Principal me = Principals.user(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        return service.delete(guildId, me.userId())
                .then(ServerResponse.noContent().build());
    }

    Mono<ServerResponse> leave(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        return service.leave(guildId, me.userId())
                .then(ServerResponse.noContent().build());
    }

    Mono<ServerResponse> listMine(ServerRequest request) {
        Principal me = Principals.of(request);
        if (me.isOAuth2() && !me.scopes().contains("guilds")) {
            throw ApiErrors.missingAccess();
        }
        Snowflake before = PathIds.optionalQuery(request, "before");
        Snowflake after = PathIds.optionalQuery(request, "after");
        int limit = QueryParams.integer(request, "limit", 1, MAX_PAGE, MAX_PAGE);
        return service.guildsOf(me.userId(), before, after, limit, QueryParams.flag(request, "with_counts"))
                .flatMap(guilds -> ServerResponse.ok().bodyValue(guilds));
    }

    /**
     * {@code GET /internal/users/{user.id}/manageable-guilds} (internal): the user's guilds in which they
     * hold MANAGE_GUILD, as a bot's consent screen lists where it may go.
     */
    Mono<ServerResponse> manageable(ServerRequest request) {
        Snowflake userId = PathIds.snowflake(request, "user_id");
        return service.guildsOf(userId, null, null, MAX_MANAGEABLE, false)
                .map(guilds -> guilds.stream()
                        .filter(guild -> (Long.parseLong(guild.permissions()) & Permission.MANAGE_GUILD.bit()) != 0)
                        .toList())
                .flatMap(guilds -> ServerResponse.ok().bodyValue(guilds));
    }
}
