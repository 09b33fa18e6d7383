package dev.concord.guild.scheduledevents;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import java.time.Clock;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * A stage's scheduled event, as stage instances move it: opening the stage for its event makes the event
 * ACTIVE (its {@code entity_id} the stage instance), closing the stage completes it (a recurring one moves
 * on to its next occurrence). Each move sends GUILD_SCHEDULED_EVENT_UPDATE.
 */
@Component
public final class StageEventLinks {

    private final ScheduledEventStore store;
    private final ScheduledEventAnnouncer announcer;
    private final Clock clock;

    StageEventLinks(ScheduledEventStore store, ScheduledEventAnnouncer announcer, Clock clock) {
        this.store = store;
        this.announcer = announcer;
        this.clock = clock;
    }

    /**
     * Starts the guild's stage event in {@code channelId} for the instance; 404 10070 for no such event,
     * 50035 at {@code guild_scheduled_event_id} for one of another channel or kind, or one already over.
     */
    public Mono<Void> start(Snowflake guildId, Snowflake eventId, Snowflake channelId, Snowflake instanceId) {
        return store.find(guildId, eventId)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.GUILD_SCHEDULED_EVENT)))
                .flatMap(event -> {
                    if (event.entityType() != ScheduledEventFields.STAGE_INSTANCE
                            || !channelId.equals(event.channelId())
                            || ScheduledEventStatus.isFinished(event.status())) {
                        throw new Violations()
                                .add(
                                        "guild_scheduled_event_id",
                                        "GUILD_SCHEDULED_EVENT_INVALID",
                                        "Not a stage event of this channel that is yet to end.")
                                .toException();
                    }
                    return store.update(event.startedBy(instanceId));
                })
                .flatMap(started -> announcer.announce(started, ScheduledEventEvents::updated))
                .then();
    }

    /** Completes the event the closed stage was holding, if it is still active. */
    public Mono<Void> end(Snowflake guildId, Snowflake eventId) {
        return store.find(guildId, eventId)
                .filter(event -> event.status() == ScheduledEventStatus.ACTIVE)
                .flatMap(event -> store.update(ScheduledEventTimeline.ended(
                        event.withoutEntity(), ScheduledEventStatus.COMPLETED, clock.instant())))
                .flatMap(ended -> announcer.announce(ended, ScheduledEventEvents::updated))
                .then();
    }
}
