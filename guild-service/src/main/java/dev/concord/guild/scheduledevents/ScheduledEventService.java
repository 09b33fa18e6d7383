package dev.concord.guild.scheduledevents;

import dev.concord.guild.access.GuildAccess;
import dev.concord.guild.access.GuildAccesses;
import dev.concord.guild.channels.ChannelAccess;
import dev.concord.guild.channels.ChannelAccesses;
import dev.concord.guild.channels.ChannelData;
import dev.concord.guild.channels.ChannelStore;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.web.Violations;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * A guild's scheduled events: listed and read by the members who can see them, made, changed, started,
 * ended and deleted by those the platform's table allows ({@link ScheduledEventRights}). At most 100 of a
 * guild's events are not yet over (30038); a finished one changes no more (180000). Each change is sent to
 * those who see the event (GUILD_SCHEDULED_EVENT_*).
 */
@Service
final class ScheduledEventService {

    static final int MAX_OPEN = 100;

    private final ScheduledEventStore store;
    private final ScheduledEventLookup lookup;
    private final ScheduledEventViews views;
    private final GuildAccesses accesses;
    private final ChannelAccesses channelAccesses;
    private final ChannelStore channels;
    private final ScheduledEventAnnouncer announcer;
    private final TransactionalOperator transactions;
    private final SnowflakeGenerator ids;
    private final Clock clock;

    ScheduledEventService(
            ScheduledEventStore store,
            ScheduledEventLookup lookup,
            ScheduledEventViews views,
            GuildAccesses accesses,
            ChannelAccesses channelAccesses,
            ChannelStore channels,
            ScheduledEventAnnouncer announcer,
            TransactionalOperator transactions,
            SnowflakeGenerator ids,
            Clock clock) {
        this.store = store;
        this.lookup = lookup;
        this.views = views;
        this.accesses = accesses;
        this.channelAccesses = channelAccesses;
        this.channels = channels;
        this.announcer = announcer;
        this.transactions = transactions;
        this.ids = ids;
        this.clock = clock;
    }

    /** The guild's events not yet over that the member can see, soonest first. */
    Mono<List<ScheduledEventData>> list(Snowflake guildId, Snowflake userId, boolean withUserCounts) {
        return accesses.load(guildId, userId, false).flatMap(access -> Mono.zip(
                        store.openOf(guildId).collectList(),
                        channels.list(guildId).collectMap(ChannelData::id, Function.identity()))
                .flatMap(read -> views.of(visible(access, read.getT1(), read.getT2()), withUserCounts)));
    }

    private List<ScheduledEventRow> visible(
            GuildAccess access, List<ScheduledEventRow> events, Map<Snowflake, ChannelData> guildChannels) {
        return events.stream()
                .filter(event -> {
                    if (event.channelId() == null) {
                        return true;
                    }
                    ChannelData channel = guildChannels.get(event.channelId());
                    return channel != null && ScheduledEventRights.canSee(channelAccesses.in(access, channel));
                })
                .toList();
    }

    Mono<ScheduledEventData> get(Snowflake guildId, Snowflake eventId, Snowflake userId, boolean withUserCount) {
        return accesses.load(guildId, userId, false)
                .flatMap(access -> lookup.visible(access, eventId))
                .flatMap(seen -> views.of(seen.event(), withUserCount));
    }

    Mono<ScheduledEventData> create(Snowflake guildId, Snowflake userId, ScheduledEventCreateRequest request) {
        Instant now = clock.instant();
        ScheduledEventRow event = ScheduledEventChanges.created(ids.next(), guildId, userId, request);
        Violations v = new Violations();
        ScheduledEventShape.check(v, event);
        if (event.startTime().isBefore(now)) {
            ScheduledEventErrors.startInPast(v);
        }
        v.throwIfAny();
        Mono<ScheduledEventData> creation = accesses.load(guildId, userId, true)
                .flatMap(access -> lookup.channel(access, event.channelId()).flatMap(channel -> {
                    ChannelAccess held = channel.orElse(null);
                    ScheduledEventLookup.requireKind(held, event.entityType());
                    ScheduledEventRights.requireToCreate(access, held, event.entityType(), now);
                    return store.countOpen(guildId);
                }))
                .flatMap(open -> open >= MAX_OPEN
                        ? Mono.error(ScheduledEventErrors.tooManyEvents(MAX_OPEN))
                        : store.insert(event))
                .flatMap(made -> announcer.announce(made, ScheduledEventEvents::created));
        return transactions.transactional(creation);
    }

    /**
     * Applies a PATCH: the member must be allowed to change the event where it is and, if it moves, where it
     * goes. A PATCH that changes nothing writes and sends nothing.
     */
    Mono<ScheduledEventData> modify(
            Snowflake guildId, Snowflake eventId, Snowflake userId, ScheduledEventModifyRequest request) {
        Mono<ScheduledEventData> change = accesses.load(guildId, userId, true)
                .flatMap(access -> lookup.visible(access, eventId).flatMap(seen -> {
                    Instant now = clock.instant();
                    ScheduledEventRow before = seen.event();
                    if (ScheduledEventStatus.isFinished(before.status())) {
                        throw ScheduledEventErrors.finished();
                    }
                    ScheduledEventRow asked = ScheduledEventChanges.modified(before, request);
                    checkChange(before, asked, now);
                    // A recurring event completed moves on to its next occurrence.
                    ScheduledEventRow after = asked.status() == ScheduledEventStatus.COMPLETED
                            ? ScheduledEventTimeline.ended(asked, ScheduledEventStatus.COMPLETED, now)
                            : asked;
                    boolean own = userId.equals(before.creatorId());
                    ScheduledEventRights.requireToChange(access, seen.channel(), before.entityType(), own, now);
                    return lookup.channel(access, after.channelId()).flatMap(target -> {
                        ChannelAccess held = target.orElse(null);
                        ScheduledEventLookup.requireKind(held, after.entityType());
                        ScheduledEventRights.requireToChange(access, held, after.entityType(), own, now);
                        return after.equals(before)
                                ? views.of(before, false)
                                : store.update(after)
                                        .flatMap(saved -> announcer.announce(saved, ScheduledEventEvents::updated));
                    });
                }));
        return transactions.transactional(change);
    }

    private static void checkChange(ScheduledEventRow before, ScheduledEventRow after, Instant now) {
        Violations v = new Violations();
        ScheduledEventShape.check(v, after);
        if (!after.startTime().equals(before.startTime()) && after.startTime().isBefore(now)) {
            ScheduledEventErrors.startInPast(v);
        }
        if (!ScheduledEventStatus.canMove(before.status(), after.status())) {
            ScheduledEventErrors.statusMove(v, before.status(), after.status());
        }
        v.throwIfAny();
    }

    Mono<Void> delete(Snowflake guildId, Snowflake eventId, Snowflake userId) {
        Mono<Void> deletion = accesses.load(guildId, userId, true)
                .flatMap(access -> lookup.visible(access, eventId).flatMap(seen -> {
                    ScheduledEventRow event = seen.event();
                    boolean own = userId.equals(event.creatorId());
                    ScheduledEventRights.requireToChange(
                            access, seen.channel(), event.entityType(), own, clock.instant());
                    return store.delete(eventId).then(announcer.announce(event, ScheduledEventEvents::deleted));
                }))
                .then();
        return transactions.transactional(deletion);
    }
}
