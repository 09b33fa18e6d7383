package dev.concord.guild.scheduledevents;

import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.users.PartialUser;
import java.util.List;
import java.util.function.BiFunction;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** Records GUILD_SCHEDULED_EVENT_CREATE / UPDATE / DELETE for events, with their creators (one lookup). */
@Component
final class ScheduledEventAnnouncer {

    /** Which of the events: {@link ScheduledEventEvents#created}, {@code updated} or {@code deleted}. */
    interface Kind extends BiFunction<ScheduledEventRow, @Nullable PartialUser, DomainEvent> {}

    private final ScheduledEventViews views;
    private final Outbox outbox;

    ScheduledEventAnnouncer(ScheduledEventViews views, Outbox outbox) {
        this.views = views;
        this.outbox = outbox;
    }

    /** Records the event's change; answers the event as endpoints do. */
    Mono<ScheduledEventData> announce(ScheduledEventRow event, Kind kind) {
        return views.creators(List.of(event)).flatMap(creators -> {
            @Nullable PartialUser creator = event.creatorId() == null ? null : creators.get(event.creatorId());
            return outbox.append(kind.apply(event, creator)).thenReturn(ScheduledEventData.of(event, creator, null));
        });
    }

    Mono<Void> announceAll(List<ScheduledEventRow> events, Kind kind) {
        if (events.isEmpty()) {
            return Mono.empty();
        }
        return views.creators(events)
                .flatMap(creators -> outbox.appendAll(events.stream()
                        .map(event ->
                                kind.apply(event, event.creatorId() == null ? null : creators.get(event.creatorId())))
                        .toList()));
    }
}
