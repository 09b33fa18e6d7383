package dev.concord.guild.emojis;

import dev.concord.platform.ids.Snowflake;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Guilds' emoji as the guild object carries them ({@code emojis}: GET guild, GUILD_CREATE, GUILD_UPDATE),
 * without the uploader; many guilds in one query, for READY.
 */
@Component
public final class GuildEmojis {

    private final EmojiStore store;
    private final JsonMapper mapper;

    GuildEmojis(EmojiStore store, JsonMapper mapper) {
        this.store = store;
        this.mapper = mapper;
    }

    public Mono<List<JsonNode>> of(Snowflake guildId) {
        return of(List.of(guildId)).map(found -> found.getOrDefault(guildId, List.of()));
    }

    /** Each guild's emoji, oldest first; a guild without any is left out. */
    public Mono<Map<Snowflake, List<JsonNode>>> of(List<Snowflake> guildIds) {
        if (guildIds.isEmpty()) {
            return Mono.just(Map.of());
        }
        return store.ofGuilds(guildIds)
                .collect(Collectors.groupingBy(
                        row -> Objects.requireNonNull(row.guildId(), "a guild's emoji"),
                        Collectors.mapping(row -> this.tree(row), Collectors.toList())));
    }

    private JsonNode tree(EmojiRow row) {
        return mapper.valueToTree(EmojiData.of(row, null));
    }
}
