package dev.concord.guild.voicestates;

import dev.concord.guild.channels.InChannel;
import dev.concord.platform.ids.Snowflake;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Guilds' voice states as GUILD_CREATE carries them ({@code voice_states}, without {@code guild_id} and
 * {@code member}, as the platform sends them there), each reader those in channels it can see.
 */
@Component
public final class GuildVoiceStates {

    /** How many guilds' states are read from Redis at once for one READY. */
    private static final int CONCURRENCY = 16;

    private final VoiceStateStore store;
    private final JsonMapper mapper;

    GuildVoiceStates(VoiceStateStore store, JsonMapper mapper) {
        this.store = store;
        this.mapper = mapper;
    }

    /** Each guild's voice states; a guild nobody is in voice in is left out. */
    public Mono<Map<Snowflake, List<InChannel<JsonNode>>>> of(List<Snowflake> guildIds) {
        return Flux.fromIterable(guildIds)
                .flatMap(
                        guildId -> store.ofGuild(guildId)
                                .map(this::listed)
                                .collectList()
                                .filter(states -> !states.isEmpty())
                                .map(states -> Map.entry(guildId, states)),
                        CONCURRENCY)
                .collectMap(Map.Entry::getKey, Map.Entry::getValue);
    }

    private InChannel<JsonNode> listed(VoiceState state) {
        ObjectNode node = mapper.valueToTree(state);
        node.remove("guild_id");
        return new InChannel<>(state.channelId(), node);
    }
}
