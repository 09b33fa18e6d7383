package dev.concord.guild.scheduledevents;

import dev.concord.guild.channels.InChannel;
import dev.concord.platform.ids.Snowflake;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Guilds' events not yet over as GUILD_CREATE carries them ({@code guild_scheduled_events}, with creators
 * and user counts), many guilds in three queries for READY; each member gets those they can see
 * ({@link InChannel#seenIn}).
 */
@Component
public final class GuildScheduledEvents {

    private final ScheduledEventStore store;
    private final ScheduledEventViews views;
    private final ScheduledEventUserStore interested;
    private final JsonMapper mapper;

    GuildScheduledEvents(
            ScheduledEventStore store,
            ScheduledEventViews views,
            ScheduledEventUserStore interested,
            JsonMapper mapper) {
        this.store = store;
        this.interested = interested;
        this.views = views;
        this.mapper = mapper;
    }

    /**
     * These events as a directory lists them, by id: each with its creator, user count and whether
     * {@code readerId} is interested ({@code user_rsvp}); the guild is the directory's to add.
     */
    public Mono<Map<Snowflake, ObjectNode>> listed(List<Snowflake> eventIds, Snowflake readerId) {
        if (eventIds.isEmpty()) {
            return Mono.just(Map.of());
        }
        return Mono.zip(
                        store.findAll(eventIds).collectList().flatMap(events -> views.of(events, true)),
                        interested.interestedAmong(readerId, eventIds).collect(Collectors.toSet()))
                .map(read -> read.getT1().stream().collect(Collectors.toMap(ScheduledEventData::id, event -> {
                    ObjectNode node = mapper.valueToTree(event);
                    node.put("user_rsvp", read.getT2().contains(event.id()));
                    return node;
                })));
    }

    /** The guild an event belongs to; none for no such event. */
    public Mono<Snowflake> guildOf(Snowflake eventId) {
        return store.findAll(List.of(eventId)).next().map(ScheduledEventRow::guildId);
    }

    public Mono<List<InChannel<JsonNode>>> of(Snowflake guildId) {
        return of(List.of(guildId)).map(found -> found.getOrDefault(guildId, List.of()));
    }

    /** Each guild's events, soonest first; a guild without any is left out. */
    public Mono<Map<Snowflake, List<InChannel<JsonNode>>>> of(List<Snowflake> guildIds) {
        if (guildIds.isEmpty()) {
            return Mono.just(Map.of());
        }
        return store.openOf(guildIds)
                .collectList()
                .flatMap(events -> views.of(events, true))
                .map(shown -> shown.stream()
                        .collect(Collectors.groupingBy(
                                ScheduledEventData::guildId,
                                Collectors.mapping(
                                        event -> new InChannel<JsonNode>(event.channelId(), mapper.valueToTree(event)),
                                        Collectors.toList()))));
    }
}
