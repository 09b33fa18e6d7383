package dev.concord.social.family;

import static dev.concord.platform.events.EventTypes.GUILD_CREATE;
import static dev.concord.platform.events.EventTypes.GUILD_UPDATE;

import dev.concord.platform.events.EventConsumer;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.events.EventPayloads;
import dev.concord.platform.events.EventSubscriber;
import dev.concord.platform.events.payload.GuildPayload;
import dev.concord.platform.ids.Snowflake;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Keeps the teens' audit logs from the events of the configured topics, in batches of what has arrived,
 * once per event: its id is recorded with its effects by the statement that records them, so there is no
 * transaction per event, and nothing is written for the events of users who are no teens, which are nearly
 * all. Guilds' names are kept by event order, so a repeat changes nothing. Starts from the earliest
 * retained event so a new deployment fills the current week; anything older than the window is skipped.
 * Never logs an event's data: a message's content must not end up in a log file either.
 */
@Component
final class ActivityRecorder extends EventConsumer {

    private final EventSubscriber subscriber;
    private final ActivityStore store;
    private final FamilyCenterSettings settings;
    private final Clock clock;
    private final String groupId;

    ActivityRecorder(
            EventSubscriber subscriber,
            ActivityStore store,
            FamilyCenterSettings settings,
            Clock clock,
            @Value("${spring.application.name}") String serviceName) {
        this.subscriber = subscriber;
        this.store = store;
        this.settings = settings;
        this.clock = clock;
        this.groupId = serviceName + ".family-center-activity";
    }

    @Override
    protected Disposable subscribe() {
        return subscriber.subscribeBatches(
                groupId, settings.activityTopics(), EventSubscriber.StartFrom.EARLIEST, this::apply);
    }

    /**
     * The guilds' names, one event at a time in order, and the actions of all the events in one statement:
     * a batch of a thousand messages by users who are no teens costs one read.
     */
    Mono<Void> apply(List<EventEnvelope> events) {
        Instant windowStart = clock.instant().minus(FamilyCenterSettings.WINDOW);
        List<EventEnvelope> guilds = new ArrayList<>();
        List<ActivityStore.Recorded> recorded = new ArrayList<>();
        Set<Snowflake> seen = new HashSet<>();
        for (EventEnvelope event : events) {
            if (!seen.add(event.id())) {
                // Delivered twice in one batch: it counts once, as across batches.
                continue;
            }
            Instant at = event.occurredAt() != null
                    ? event.occurredAt().toInstant()
                    : event.id().timestamp();
            if (at.isBefore(windowStart) || event.data() == null) {
                continue;
            }
            if (GUILD_CREATE.equals(event.type()) || GUILD_UPDATE.equals(event.type())) {
                guilds.add(event);
                continue;
            }
            ActivityActions.of(event).stream()
                    .distinct()
                    .forEach(action -> recorded.add(new ActivityStore.Recorded(action, event.id(), at)));
        }
        return Flux.fromIterable(guilds).concatMap(this::saveGuild).then(store.record(groupId, recorded));
    }

    private Mono<Void> saveGuild(EventEnvelope event) {
        GuildPayload guild = EventPayloads.read(event, GuildPayload.class).orElse(null);
        Snowflake id = guild == null ? null : guild.id();
        if (guild == null || id == null || guild.isOutage()) {
            return Mono.empty();
        }
        return store.saveGuild(id, guild.name(), guild.icon(), event.id());
    }
}
