package dev.concord.presence.fanout;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.redis.RedisSettings;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Each guild's presences as its members are shown them, for a GUILD_CREATE: {@code presence:g:<guild>}, a
 * hash of the guild's members who are not offline, each their presence in that guild (its JSON, with the
 * {@code guild_id}). Written with every presence change of a member, emptied of a member who leaves.
 */
@Component
public final class GuildPresences {

    /** How many guilds' presences are read at once. */
    private static final int CONCURRENCY = 32;

    private final RedisReactiveCommands<String, String> redis;
    private final RedisSettings keys;

    GuildPresences(RedisReactiveCommands<String, String> redis, RedisSettings keys) {
        this.redis = redis;
        this.keys = keys;
    }

    /** The user's presence in each guild (JSON); removed where it is null (offline). */
    public Mono<Void> put(Snowflake user, Map<Snowflake, String> byGuild, boolean offline) {
        return Flux.fromIterable(byGuild.entrySet())
                .flatMap(
                        entry -> offline
                                ? redis.hdel(key(entry.getKey()), user.asString())
                                : redis.hset(key(entry.getKey()), user.asString(), entry.getValue()),
                        CONCURRENCY)
                .then();
    }

    public Mono<Void> remove(Snowflake guild, Snowflake user) {
        return redis.hdel(key(guild), user.asString()).then();
    }

    /** Each guild's presences (JSON objects), in the order asked. */
    public Mono<Map<Snowflake, List<String>>> of(List<Snowflake> guilds) {
        return Flux.fromIterable(guilds)
                .flatMapSequential(
                        guild -> redis.hvals(key(guild)).collectList().map(found -> Map.entry(guild, found)),
                        CONCURRENCY)
                .collect(LinkedHashMap::new, (all, entry) -> all.put(entry.getKey(), entry.getValue()));
    }

    private String key(Snowflake guild) {
        return keys.key("presence:g:" + guild.asString());
    }
}
