package dev.concord.guild.directories;

import dev.concord.guild.access.AccessStore;
import dev.concord.guild.access.GuildRow;
import dev.concord.guild.scheduledevents.GuildScheduledEvents;
import dev.concord.platform.ids.Snowflake;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Entries as answered, with their guilds and events: one read of the events, one of every guild they and
 * the guild entries name, however many entries. An entry whose entity is gone is left out.
 */
@Component
final class DirectoryViews {

    private final AccessStore guilds;
    private final GuildScheduledEvents events;
    private final JsonMapper mapper;

    DirectoryViews(AccessStore guilds, GuildScheduledEvents events, JsonMapper mapper) {
        this.guilds = guilds;
        this.events = events;
        this.mapper = mapper;
    }

    Mono<List<DirectoryEntryData>> of(List<DirectoryEntryRow> entries, Snowflake readerId) {
        if (entries.isEmpty()) {
            return Mono.just(List.of());
        }
        List<Snowflake> eventIds = idsOf(entries, DirectoryEntryRow.GUILD_SCHEDULED_EVENT);
        return events.listed(eventIds, readerId).flatMap(listedEvents -> {
            Set<Snowflake> guildIds = new HashSet<>(idsOf(entries, DirectoryEntryRow.GUILD));
            listedEvents
                    .values()
                    .forEach(event ->
                            guildIds.add(Snowflake.parse(event.get("guild_id").asString())));
            return guilds.findAll(guildIds)
                    .collectMap(GuildRow::id, Function.identity())
                    .map(found -> entries.stream()
                            .flatMap(entry -> Optional.ofNullable(view(entry, found, listedEvents)).stream())
                            .toList());
        });
    }

    Mono<DirectoryEntryData> of(DirectoryEntryRow entry, Snowflake readerId) {
        return of(List.of(entry), readerId)
                .flatMap(views -> Mono.justOrEmpty(views.stream().findFirst()));
    }

    private @Nullable DirectoryEntryData view(
            DirectoryEntryRow entry, Map<Snowflake, GuildRow> guildsById, Map<Snowflake, ObjectNode> eventsById) {
        if (entry.type() == DirectoryEntryRow.GUILD) {
            GuildRow guild = guildsById.get(entry.entityId());
            return guild == null ? null : DirectoryEntryData.full(entry, DirectoryGuild.of(guild), null);
        }
        ObjectNode event = eventsById.get(entry.entityId());
        GuildRow guild = event == null
                ? null
                : guildsById.get(Snowflake.parse(event.get("guild_id").asString()));
        if (event == null || guild == null) {
            return null;
        }
        ObjectNode withGuild = event.deepCopy();
        withGuild.set("guild", mapper.valueToTree(DirectoryGuild.of(guild)));
        return DirectoryEntryData.full(entry, null, withGuild);
    }

    private static List<Snowflake> idsOf(List<DirectoryEntryRow> entries, int type) {
        return entries.stream()
                .filter(entry -> entry.type() == type)
                .map(DirectoryEntryRow::entityId)
                .toList();
    }
}
