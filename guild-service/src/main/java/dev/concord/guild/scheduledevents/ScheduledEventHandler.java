package dev.concord.guild.scheduledevents;

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

/** HTTP for scheduled events and who is interested in them; people and bots act themselves. */
@Component
final class ScheduledEventHandler {

    static final int MAX_USERS_PAGE = 100;

    private final ScheduledEventService events;
    private final ScheduledEventInterest interest;

    ScheduledEventHandler(ScheduledEventService events, ScheduledEventInterest interest) {
        this.events = events;
        this.interest = interest;
    }

    Mono<ServerResponse> list(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        boolean withUserCount = QueryParams.flag(request, "with_user_count");
        return events.list(guildId, me.userId(), withUserCount)
                .flatMap(list -> ServerResponse.ok().bodyValue(list));
    }

    Mono<ServerResponse> get(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        Snowflake eventId = PathIds.snowflake(request, "guild_scheduled_event_id");
        boolean withUserCount = QueryParams.flag(request, "with_user_count");
        return events.get(guildId, eventId, me.userId(), withUserCount)
                .flatMap(event -> ServerResponse.ok().bodyValue(event));
    }

    Mono<ServerResponse> create(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        return JsonBodies.checked(request, ScheduledEventCreateRequest.class)
                .flatMap(body -> events.create(guildId, me.userId(), body))
                .flatMap(event -> ServerResponse.ok().bodyValue(event));
    }

    Mono<ServerResponse> modify(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        Snowflake eventId = PathIds.snowflake(request, "guild_scheduled_event_id");
        return JsonBodies.checked(request, ScheduledEventModifyRequest.class)
                .flatMap(body -> events.modify(guildId, eventId, me.userId(), body))
                .flatMap(event -> ServerResponse.ok().bodyValue(event));
    }

    Mono<ServerResponse> delete(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        Snowflake eventId = PathIds.snowflake(request, "guild_scheduled_event_id");
        return events.delete(guildId, eventId, me.userId())
                .then(ServerResponse.noContent().build());
    }

    /** A page of interested users; with both {@code before} and {@code after}, {@code before} wins, as on the platform. */
    Mono<ServerResponse> users(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        Snowflake eventId = PathIds.snowflake(request, "guild_scheduled_event_id");
        int limit = QueryParams.integer(request, "limit", 1, MAX_USERS_PAGE, MAX_USERS_PAGE);
        boolean withMember = QueryParams.flag(request, "with_member");
        Snowflake before = PathIds.optionalQuery(request, "before");
        Snowflake after = PathIds.optionalQuery(request, "after");
        return interest.list(guildId, eventId, me.userId(), before, after, limit, withMember)
                .flatMap(users -> ServerResponse.ok().bodyValue(users));
    }

    Mono<ServerResponse> userCounts(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        Snowflake eventId = PathIds.snowflake(request, "guild_scheduled_event_id");
        return interest.counts(guildId, eventId, me.userId())
                .flatMap(counts -> ServerResponse.ok().bodyValue(counts));
    }

    /** Marks the caller interested; a person's act, as on the platform (bots do not RSVP). */
    Mono<ServerResponse> addMe(ServerRequest request) {
        Principal me = Principals.user(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        Snowflake eventId = PathIds.snowflake(request, "guild_scheduled_event_id");
        return interest.add(guildId, eventId, me.userId())
                .flatMap(user -> ServerResponse.ok().bodyValue(user));
    }

    Mono<ServerResponse> removeMe(ServerRequest request) {
        Principal me = Principals.user(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        Snowflake eventId = PathIds.snowflake(request, "guild_scheduled_event_id");
        return interest.remove(guildId, eventId, me.userId())
                .then(ServerResponse.noContent().build());
    }
}
