package dev.concord.guild.voicestates;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.redis.RedisScript;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Voice states in Redis, a guild's under one hash tag so each change is one script: {@code voice:{g}:states}
 * (user id to state), {@code voice:{g}:channel:{c}} (who is in a channel, for user limits and stages) and
 * {@code voice:user:{u}} (the guild a user is in voice in: one voice channel at a time, as on the platform).
 */
@Component
final class VoiceStateStore {

    /** The outcome of a join: refused as full, or done, with the state it replaced (none: a new join). */
    record Joined(boolean full, @Nullable VoiceState previous) {}

    /**
     * KEYS: the guild's states, the channel joined. ARGV: user id, state JSON, user limit (0: none), channel
     * key prefix. Refuses ("full") a user not yet in the channel when it holds the limit already; else moves
     * the user out of their previous channel, in, and answers the previous state ("" for none).
     */
    private static final RedisScript JOIN = new RedisScript("""
            local previous = redis.call('HGET', KEYS[1], ARGV[1])
            local inChannel = redis.call('SISMEMBER', KEYS[2], ARGV[1]) == 1
            local limit = tonumber(ARGV[3])
            if not inChannel and limit > 0 and redis.call('SCARD', KEYS[2]) >= limit then
              return {'full', previous or ''}
            end
            if previous and not inChannel then
              local old = cjson.decode(previous)['channel_id']
              if old then redis.call('SREM', ARGV[4] .. old, ARGV[1]) end
            end
            redis.call('SADD', KEYS[2], ARGV[1])
            redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
            return {'ok', previous or ''}
            """);

    /**
     * KEYS: the guild's states. ARGV: user id, session id ("" for any), channel key prefix. Removes the
     * user's state (only the session's, when one is named) and answers it, or "".
     */
    private static final RedisScript LEAVE = new RedisScript("""
            local previous = redis.call('HGET', KEYS[1], ARGV[1])
            if not previous then return '' end
            local state = cjson.decode(previous)
            if ARGV[2] ~= '' and state['session_id'] ~= ARGV[2] then return '' end
            redis.call('HDEL', KEYS[1], ARGV[1])
            if state['channel_id'] then redis.call('SREM', ARGV[3] .. state['channel_id'], ARGV[1]) end
            return previous
            """);

    /** KEYS: the guild's states. ARGV: user id, channel id, new state JSON. Replaces the state while the user is still in that channel. */
    private static final RedisScript REPLACE = new RedisScript("""
            local previous = redis.call('HGET', KEYS[1], ARGV[1])
            if not previous or cjson.decode(previous)['channel_id'] ~= ARGV[2] then return 0 end
            redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
            return 1
            """);

    private final RedisReactiveCommands<String, String> redis;
    private final JsonMapper mapper;

    VoiceStateStore(RedisReactiveCommands<String, String> redis, JsonMapper mapper) {
        this.redis = redis;
        this.mapper = mapper;
    }

    Mono<Joined> join(VoiceState state, int userLimit) {
        Snowflake channelId = Objects.requireNonNull(state.channelId(), "a join names its channel");
        String guild = state.guildId().asString();
        return JOIN.<List<Object>>run(
                        redis,
                        ScriptOutputType.MULTI,
                        new String[] {states(guild), channelPrefix(guild) + channelId.asString()},
                        state.userId().asString(),
                        mapper.writeValueAsString(state),
                        Integer.toString(userLimit),
                        channelPrefix(guild))
                .next()
                .map(reply -> new Joined("full".equals(reply.get(0)), read((String) reply.get(1))));
    }

    /** Removes the user's state in the guild (only if the session holds it, when one is named); answers it. */
    Mono<VoiceState> leave(Snowflake guildId, Snowflake userId, @Nullable String sessionId) {
        String guild = guildId.asString();
        return LEAVE.<String>run(
                        redis,
                        ScriptOutputType.VALUE,
                        new String[] {states(guild)},
                        userId.asString(),
                        sessionId == null ? "" : sessionId,
                        channelPrefix(guild))
                .next()
                .mapNotNull(VoiceStateStore.this::read);
    }

    /** Replaces a state whose user is still in its channel; answers whether they were. */
    Mono<Boolean> replace(VoiceState state) {
        Snowflake channelId = Objects.requireNonNull(state.channelId(), "a kept state has its channel");
        return REPLACE.<Long>run(
                        redis,
                        ScriptOutputType.INTEGER,
                        new String[] {states(state.guildId().asString())},
                        state.userId().asString(),
                        channelId.asString(),
                        mapper.writeValueAsString(state))
                .next()
                .map(replaced -> replaced == 1L);
    }

    Mono<VoiceState> find(Snowflake guildId, Snowflake userId) {
        return redis.hget(states(guildId.asString()), userId.asString()).mapNotNull(this::read);
    }

    /** The states of these users in the guild (those not in voice there left out). */
    Flux<VoiceState> states(Snowflake guildId, List<Snowflake> userIds) {
        return redis.hmget(
                        states(guildId.asString()),
                        userIds.stream().map(Snowflake::asString).toArray(String[]::new))
                .filter(value -> value.hasValue())
                .mapNotNull(value -> read(value.getValue()));
    }

    Flux<VoiceState> ofGuild(Snowflake guildId) {
        return redis.hvals(states(guildId.asString())).mapNotNull(this::read);
    }

    /** The ids of the users in a channel. */
    Flux<String> inChannel(Snowflake guildId, Snowflake channelId) {
        return redis.smembers(channelPrefix(guildId.asString()) + channelId.asString());
    }

    /** The guild the user is in voice in, if any. */
    Mono<Snowflake> guildOf(Snowflake userId) {
        return redis.get(userKey(userId)).map(Snowflake::parse);
    }

    Mono<Void> setGuildOf(Snowflake userId, Snowflake guildId) {
        return redis.set(userKey(userId), guildId.asString()).then();
    }

    /** Forgets the user's voice guild if it is still {@code guildId}. */
    Mono<Void> clearGuildOf(Snowflake userId, Snowflake guildId) {
        return guildOf(userId)
                .filter(guildId::equals)
                .flatMap(same -> redis.del(userKey(userId)))
                .then();
    }

    private @Nullable VoiceState read(@Nullable String json) {
        return json == null || json.isEmpty() ? null : mapper.readValue(json, VoiceState.class);
    }

    private static String states(String guild) {
        return "voice:{" + guild + "}:states";
    }

    private static String channelPrefix(String guild) {
        return "voice:{" + guild + "}:channel:";
    }

    private static String userKey(Snowflake userId) {
        return "voice:user:" + userId.asString();
    }
}
