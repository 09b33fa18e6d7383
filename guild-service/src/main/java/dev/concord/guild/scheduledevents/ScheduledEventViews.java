package dev.concord.guild.scheduledevents;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** Events as answered: with their creators (one lookup for all) and, when asked, their user counts (one more). */
@Component
final class ScheduledEventViews {

    private final UserDirectory users;
    private final ScheduledEventStore store;

    ScheduledEventViews(UserDirectory users, ScheduledEventStore store) {
        this.users = users;
        this.store = store;
    }

    Mono<List<ScheduledEventData>> of(List<ScheduledEventRow> events, boolean withUserCounts) {
        if (events.isEmpty()) {
            return Mono.just(List.of());
        }
        List<Snowflake> ids = events.stream().map(ScheduledEventRow::id).toList();
        Mono<Map<Snowflake, Integer>> counts = withUserCounts ? store.userCounts(ids) : Mono.just(Map.of());
        return Mono.zip(creators(events), counts).map(read -> events.stream()
                .map(event -> ScheduledEventData.of(
                        event,
                        event.creatorId() == null ? null : read.getT1().get(event.creatorId()),
                        withUserCounts ? read.getT2().getOrDefault(event.id(), 0) : null))
                .toList());
    }

    Mono<ScheduledEventData> of(ScheduledEventRow event, boolean withUserCount) {
        return of(List.of(event), withUserCount).map(views -> views.get(0));
    }

    /** The creators of these events that are known, by id. */
    Mono<Map<Snowflake, PartialUser>> creators(List<ScheduledEventRow> events) {
        List<Snowflake> creatorIds = events.stream()
                .map(ScheduledEventRow::creatorId)
                .filter(Objects::nonNull)
                .distinct()
                .toList();
        return creatorIds.isEmpty()
                ? Mono.just(Map.of())
                : users.findAll(creatorIds).collect(Collectors.toMap(PartialUser::id, Function.identity()));
    }
}
