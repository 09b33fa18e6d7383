package dev.concord.guild.stages;

import dev.concord.guild.channels.InChannel;
import dev.concord.platform.ids.Snowflake;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** Guilds' live stages as GUILD_CREATE carries them ({@code stage_instances}), each reader those it can see. */
@Component
public final class GuildStageInstances {

    private final StageInstanceStore store;

    GuildStageInstances(StageInstanceStore store) {
        this.store = store;
    }

    /** Each guild's live stages; a guild without any is left out. */
    public Mono<Map<Snowflake, List<InChannel<Object>>>> of(List<Snowflake> guildIds) {
        if (guildIds.isEmpty()) {
            return Mono.just(Map.of());
        }
        return store.ofGuilds(guildIds)
                .collect(Collectors.groupingBy(
                        StageInstanceRow::guildId,
                        Collectors.mapping(
                                stage -> new InChannel<Object>(stage.channelId(), stage.data()), Collectors.toList())));
    }
}
