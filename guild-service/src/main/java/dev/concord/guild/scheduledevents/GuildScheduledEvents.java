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

/**
 * Guilds' events not yet over as GUILD_CREATE carries them ({@code guild_scheduled_events}, with creators
 * and user counts), many guilds in three queries for READY; each member gets those they can see
 * ({@link InChannel#seenIn}).
 */
@Component
public final class GuildScheduledEvents {

    private final ScheduledEventStore store;
    private final ScheduledEventViews views;
    private final JsonMapper mapper;

    GuildScheduledEvents(ScheduledEventStore store, ScheduledEventViews views, JsonMapper mapper) {
        this.store = store;
        this.views = views;
        this.mapper = mapper;
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
