package dev.concord.guild.calls;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.redis.RedisScript;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Calls in Redis, each under its channel's hash tag so each change is one script: {@code call:{c}:states}
 * (user id to state), {@code call:{c}:ringing} (who is rung), {@code call:{c}:region}, {@code call:{c}:message}
 * (the id of the call's system message, which webhook-service posts from CALL_CREATE); and
 * {@code call:user:{u}}, the call a user is in (one at a time). A call exists while someone is in it.
 */
@Component
final class CallStore {

    /** A join's outcome: whether it started the call, the state it replaced, and the call as it is now. */
    record Joined(
            boolean created,
            @Nullable CallState previous,
            boolean wasRung,
            String region,
            List<Snowflake> ringing,
            Snowflake messageId) {}

    /** A leave's outcome: the state that was, and whether the call ended with it. */
    record Left(CallState previous, boolean ended) {}

    /** A call as CALL_UPDATE describes it. */
    record Call(String region, List<Snowflake> ringing, Snowflake messageId) {}

    /**
     * KEYS: states, ringing, region, message. ARGV: user id, state JSON, region, message id, then the users to
     * ring should this join start the call (the region and message id are the call's only then). Answers
     * {started, previous state or "", whether the user was rung, region, ringing, message id}.
     */
    private static final RedisScript JOIN = new RedisScript("""
            local created = redis.call('HLEN', KEYS[1]) == 0
            if created then
              redis.call('DEL', KEYS[2])
              for i = 5, #ARGV do
                if ARGV[i] ~= ARGV[1] then redis.call('SADD', KEYS[2], ARGV[i]) end
              end
              redis.call('SET', KEYS[3], ARGV[3])
              redis.call('SET', KEYS[4], ARGV[4])
            end
            local previous = redis.call('HGET', KEYS[1], ARGV[1])
            redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
            local rung = redis.call('SREM', KEYS[2], ARGV[1])
            return {created and 1 or 0, previous or '', rung, redis.call('GET', KEYS[3]) or '', redis.call('SMEMBERS', KEYS[2]),
                    redis.call('GET', KEYS[4]) or ARGV[4]}
            """);

    /**
     * KEYS: states, ringing, region, message. ARGV: user id, session id ("" for any). Removes the user's state (only
     * the session's, when one is named); the last one out ends the call. Answers {state or "", ended}.
     */
    private static final RedisScript LEAVE = new RedisScript("""
            local previous = redis.call('HGET', KEYS[1], ARGV[1])
            if not previous then return {'', 0} end
            if ARGV[2] ~= '' and cjson.decode(previous)['session_id'] ~= ARGV[2] then return {'', 0} end
            redis.call('HDEL', KEYS[1], ARGV[1])
            if redis.call('HLEN', KEYS[1]) == 0 then
              redis.call('DEL', KEYS[2], KEYS[3], KEYS[4])
              return {previous, 1}
            end
            return {previous, 0}
            """);

    /**
     * KEYS: states, ringing. ARGV: 1 to ring or 0 to stop, then user ids. Only a live call rings; those in
     * it are never rung. Answers how many changed (0 as well when there is no call), then the ringing list.
     * Never nil: a nil reply reaches the client as a list that is not one of ids.
     */
    private static final RedisScript RING = new RedisScript("""
            if redis.call('HLEN', KEYS[1]) == 0 then return {'0'} end
            local changed = 0
            for i = 2, #ARGV do
              if ARGV[1] == '1' then
                if redis.call('HEXISTS', KEYS[1], ARGV[i]) == 0 then changed = changed + redis.call('SADD', KEYS[2], ARGV[i]) end
              else
                changed = changed + redis.call('SREM', KEYS[2], ARGV[i])
              end
            end
            local reply = redis.call('SMEMBERS', KEYS[2])
            table.insert(reply, 1, tostring(changed))
            return reply
            """);

    private final RedisReactiveCommands<String, String> redis;
    private final JsonMapper mapper;

    CallStore(RedisReactiveCommands<String, String> redis, JsonMapper mapper) {
        this.redis = redis;
        this.mapper = mapper;
    }

    /**
     * Puts the user in the call of the state's channel, starting it if nobody is in it: in {@code region},
     * with {@code messageId} for its system message, ringing {@code toRing}.
     */
    Mono<Joined> join(CallState state, String region, Snowflake messageId, List<Snowflake> toRing) {
        Snowflake channelId = Objects.requireNonNull(state.channelId(), "a join names its channel");
        List<String> arguments = new ArrayList<>(
                List.of(state.userId().asString(), mapper.writeValueAsString(state), region, messageId.asString()));
        toRing.forEach(user -> arguments.add(user.asString()));
        return JOIN.<List<Object>>run(redis, ScriptOutputType.MULTI, keys(channelId), arguments.toArray(String[]::new))
                .next()
                .map(reply -> new Joined(
                        ((Long) reply.get(0)) == 1L,
                        read((String) reply.get(1)),
                        ((Long) reply.get(2)) == 1L,
                        (String) reply.get(3),
                        ids(reply.get(4)),
                        Snowflake.parse((String) reply.get(5))));
    }

    /** Takes the user out of the call (only if the session holds their place, when one is named). */
    Mono<Left> leave(Snowflake channelId, Snowflake userId, @Nullable String sessionId) {
        return LEAVE.<List<Object>>run(
                        redis,
                        ScriptOutputType.MULTI,
                        keys(channelId),
                        userId.asString(),
                        sessionId == null ? "" : sessionId)
                .next()
                .mapNotNull(reply -> {
                    CallState previous = read((String) reply.get(0));
                    return previous == null ? null : new Left(previous, ((Long) reply.get(1)) == 1L);
                });
    }

    /** Rings these users ({@code ring}) or stops ringing them; answers the new ringing list, or nothing when it did not change (or there is no call). */
    Mono<List<Snowflake>> ring(Snowflake channelId, boolean ring, List<Snowflake> userIds) {
        List<String> arguments = new ArrayList<>(List.of(ring ? "1" : "0"));
        userIds.forEach(user -> arguments.add(user.asString()));
        String[] keys = keys(channelId);
        return RING.<List<Object>>run(
                        redis,
                        ScriptOutputType.MULTI,
                        new String[] {keys[0], keys[1]},
                        arguments.toArray(String[]::new))
                .next()
                .filter(reply -> !"0".equals(reply.get(0)))
                .map(reply -> ids(reply.subList(1, reply.size())));
    }

    /** The call in the channel, if there is one. */
    Mono<Call> find(Snowflake channelId) {
        String[] keys = keys(channelId);
        return redis.mget(keys[2], keys[3]).collectList().flatMap(values -> {
            if (!values.get(0).hasValue() || !values.get(1).hasValue()) {
                return Mono.empty();
            }
            return redis.smembers(keys[1])
                    .map(Snowflake::parse)
                    .sort()
                    .collectList()
                    .map(ringing -> new Call(
                            values.get(0).getValue(),
                            ringing,
                            Snowflake.parse(values.get(1).getValue())));
        });
    }

    /** The user's state in the channel's call, if they are in it. */
    Mono<CallState> state(Snowflake channelId, Snowflake userId) {
        return redis.hget(keys(channelId)[0], userId.asString()).mapNotNull(this::read);
    }

    /** The channel of the call the user is in, if any. */
    Mono<Snowflake> callOf(Snowflake userId) {
        return redis.get(userKey(userId)).map(Snowflake::parse);
    }

    Mono<Void> setCallOf(Snowflake userId, Snowflake channelId) {
        return redis.set(userKey(userId), channelId.asString()).then();
    }

    /** Forgets the user's call if it is still {@code channelId}. */
    Mono<Void> clearCallOf(Snowflake userId, Snowflake channelId) {
        return callOf(userId)
                .filter(channelId::equals)
                .flatMap(same -> redis.del(userKey(userId)))
                .then();
    }

    private @Nullable CallState read(@Nullable String json) {
        return json == null || json.isEmpty() ? null : mapper.readValue(json, CallState.class);
    }

    private static List<Snowflake> ids(Object reply) {
        List<Snowflake> ids = new ArrayList<>();
        for (Object id : (List<?>) reply) {
            ids.add(Snowflake.parse((String) id));
        }
        ids.sort(null);
        return ids;
    }

    private static String[] keys(Snowflake channelId) {
        String call = "call:{" + channelId.asString() + "}:";
        return new String[] {call + "states", call + "ringing", call + "region", call + "message"};
    }

    private static String userKey(Snowflake userId) {
        return "call:user:" + userId.asString();
    }
}
