package dev.concord.guild.scheduledevents;

import dev.concord.guild.access.AccessStore;
import dev.concord.guild.access.GuildAccesses;
import dev.concord.guild.access.MemberRow;
import dev.concord.guild.members.MemberData;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * Who is interested in an event (the platform's RSVP): members who can see an event mark or unmark
 * themselves while it is not over (GUILD_SCHEDULED_EVENT_USER_ADD / _REMOVE, once per change), and read
 * who else is, a page at a time in user id order.
 */
@Service
final class ScheduledEventInterest {

    private final ScheduledEventUserStore store;
    private final ScheduledEventLookup lookup;
    private final GuildAccesses accesses;
    private final AccessStore members;
    private final UserDirectory users;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final Clock clock;

    ScheduledEventInterest(
            ScheduledEventUserStore store,
            ScheduledEventLookup lookup,
            GuildAccesses accesses,
            AccessStore members,
            UserDirectory users,
            Outbox outbox,
            TransactionalOperator transactions,
            Clock clock) {
        this.store = store;
        this.lookup = lookup;
        this.accesses = accesses;
        this.members = members;
        this.users = users;
        this.outbox = outbox;
        this.transactions = transactions;
        this.clock = clock;
    }

    Mono<ScheduledEventUserData> add(Snowflake guildId, Snowflake eventId, Snowflake userId) {
        Mono<ScheduledEventUserData> adding = openEvent(guildId, eventId, userId)
                .flatMap(event -> store.add(eventId, userId, clock.instant())
                        .flatMap(added -> added
                                ? outbox.append(ScheduledEventEvents.userChanged(event, userId, true))
                                : Mono.empty())
                        .then(users.require(userId))
                        .map(user -> ScheduledEventUserData.of(eventId, userId, user, null)));
        return transactions.transactional(adding);
    }

    Mono<Void> remove(Snowflake guildId, Snowflake eventId, Snowflake userId) {
        Mono<Void> removal = openEvent(guildId, eventId, userId).flatMap(event -> store.remove(eventId, userId)
                .flatMap(removed -> removed
                        ? outbox.append(ScheduledEventEvents.userChanged(event, userId, false))
                        : Mono.empty()));
        return transactions.transactional(removal);
    }

    private Mono<ScheduledEventRow> openEvent(Snowflake guildId, Snowflake eventId, Snowflake userId) {
        return accesses.load(guildId, userId, false)
                .flatMap(access -> lookup.visible(access, eventId))
                .map(seen -> {
                    if (ScheduledEventStatus.isFinished(seen.event().status())) {
                        throw ScheduledEventErrors.finished();
                    }
                    return seen.event();
                });
    }

    /** A page of the interested users; their memberships too with {@code withMember} (for those still members). */
    Mono<List<ScheduledEventUserData>> list(
            Snowflake guildId,
            Snowflake eventId,
            Snowflake userId,
            @Nullable Snowflake before,
            @Nullable Snowflake after,
            int limit,
            boolean withMember) {
        return accesses.load(guildId, userId, false)
                .flatMap(access -> lookup.visible(access, eventId))
                .flatMap(seen -> store.page(eventId, before, after, limit).collectList())
                .flatMap(page -> page.isEmpty()
                        ? Mono.just(List.<ScheduledEventUserData>of())
                        : Mono.zip(
                                        users.findAll(page).collectMap(PartialUser::id, Function.identity()),
                                        withMember
                                                ? memberships(guildId, page)
                                                : Mono.just(Map.<Snowflake, MemberRow>of()))
                                .map(read -> page.stream()
                                        .filter(id -> read.getT1().containsKey(id))
                                        .map(id -> {
                                            PartialUser user = read.getT1().get(id);
                                            MemberRow member = read.getT2().get(id);
                                            return ScheduledEventUserData.of(
                                                    eventId,
                                                    id,
                                                    user,
                                                    member == null || user == null
                                                            ? null
                                                            : MemberData.of(member, user));
                                        })
                                        .toList()));
    }

    private Mono<Map<Snowflake, MemberRow>> memberships(Snowflake guildId, List<Snowflake> userIds) {
        return members.members(guildId, userIds).collect(Collectors.toMap(MemberRow::userId, Function.identity()));
    }

    /** How many are interested: {@code {"guild_scheduled_event_count", "guild_scheduled_event_exception_counts"}}. */
    Mono<Map<String, Object>> counts(Snowflake guildId, Snowflake eventId, Snowflake userId) {
        return accesses.load(guildId, userId, false)
                .flatMap(access -> lookup.visible(access, eventId))
                .flatMap(seen -> store.count(eventId))
                .map(count -> Map.of(
                        "guild_scheduled_event_count", count, "guild_scheduled_event_exception_counts", Map.of()));
    }
}
