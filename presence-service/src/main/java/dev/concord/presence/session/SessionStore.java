package dev.concord.presence.session;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.redis.RedisScript;
import dev.concord.platform.redis.RedisSettings;
import io.lettuce.core.KeyValue;
import io.lettuce.core.Range;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every session's presence, in Redis, so that it outlives a presence-service restart:
 *
 * <ul>
 *   <li>{@code presence:u:<user>}: a hash of the user's sessions, each {@code <instance>\n<json>};
 *   <li>{@code presence:v:<user>}: a counter moved by every change, ordering the overall presences that
 *       changes compute ({@link #publishOverall});
 *   <li>{@code presence:i:<instance>}: the sessions a gateway instance serves, {@code <user>:<session>},
 *       and {@code presence:instances} the instances; {@code presence:lease:<instance>} lives while that
 *       instance renews it, and when it lapses its sessions are set aside ({@link #setAside}) as
 *       {@code presence:d:<session>} for a resume window, in case they are resumed elsewhere;
 *   <li>{@code presence:expiring}: sessions that expire by time (headless ones), scored by when;
 *   <li>{@code presence:o:<user>}: the overall presence last published, {@code <version>|<json>}.
 * </ul>
 *
 * Each change is one script, so a session is never half written, and answers the user's sessions as they
 * stand after it.
 */
@Component
public final class SessionStore {

    /** A user's sessions right after a change, and the change's number among the user's changes. */
    public record Snapshot(Snowflake userId, long version, List<StoredSession> sessions) {

        public @Nullable StoredSession session(String sessionId) {
            for (StoredSession session : sessions) {
                if (session.sessionId().equals(sessionId)) {
                    return session;
                }
            }
            return null;
        }

        /** These sessions with {@code changed} in place of the one of its id, as of the same change. */
        public Snapshot replacing(StoredSession changed) {
            List<StoredSession> replaced = new ArrayList<>(sessions.size());
            for (StoredSession session : sessions) {
                replaced.add(session.sessionId().equals(changed.sessionId()) ? changed : session);
            }
            return new Snapshot(userId, version, replaced);
        }
    }

    /**
     * What {@link #replaceIfUnchanged} did: whether it wrote (false: another change came first), the overall
     * presence it replaced ({@code ""} for none) and the members of the set read along.
     */
    public record Replaced(boolean written, String previousOverall, List<String> alsoRead) {}

    private static final RedisScript PUT = new RedisScript("""
            if ARGV[6] == 'update' and redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return {} end
            redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
            if ARGV[4] ~= '' then
              redis.call('SADD', KEYS[3], ARGV[3])
              redis.call('SADD', KEYS[4], ARGV[4])
            end
            if ARGV[5] ~= '0' then redis.call('ZADD', KEYS[5], ARGV[5], ARGV[3]) end
            return {redis.call('INCR', KEYS[2]), redis.call('HVALS', KEYS[1])}
            """);
    /** Removes a session if {@code ARGV[3]} (an instance, or {@code *} for any) still holds it. */
    private static final RedisScript REMOVE = new RedisScript("""
            redis.call('SREM', KEYS[3], ARGV[2])
            redis.call('ZREM', KEYS[4], ARGV[2])
            local current = redis.call('HGET', KEYS[1], ARGV[1])
            if not current then return {} end
            local holder = string.sub(current, 1, string.find(current, '\\n', 1, true) - 1)
            if ARGV[3] ~= '*' and holder ~= ARGV[3] then return {} end
            redis.call('HDEL', KEYS[1], ARGV[1])
            return {redis.call('INCR', KEYS[2]), redis.call('HVALS', KEYS[1])}
            """);
    /** Sets a dead instance's session aside for a resume window, if that instance still holds it. */
    private static final RedisScript SET_ASIDE = new RedisScript("""
            redis.call('SREM', KEYS[4], ARGV[2])
            local current = redis.call('HGET', KEYS[1], ARGV[1])
            if not current then return {} end
            local holder = string.sub(current, 1, string.find(current, '\\n', 1, true) - 1)
            if holder ~= ARGV[3] then return {} end
            redis.call('HDEL', KEYS[1], ARGV[1])
            redis.call('SET', KEYS[3], current, 'PX', ARGV[4])
            return {redis.call('INCR', KEYS[2]), redis.call('HVALS', KEYS[1])}
            """);
    /** Moves a session to another instance, bringing it back when it was set aside; nothing when it is gone. */
    private static final RedisScript CLAIM = new RedisScript("""
            local current = redis.call('HGET', KEYS[1], ARGV[1])
            local restored = false
            if not current then
              current = redis.call('GET', KEYS[3])
              if not current then return {} end
              redis.call('DEL', KEYS[3])
              restored = true
            end
            -- find answers where the match starts and ends: only the start is wanted here
            local json = string.sub(current, (string.find(current, '\\n', 1, true)))
            redis.call('HSET', KEYS[1], ARGV[1], ARGV[3] .. json)
            redis.call('SADD', KEYS[4], ARGV[2])
            redis.call('SADD', KEYS[5], ARGV[3])
            if not restored then return {0} end
            return {redis.call('INCR', KEYS[2]), redis.call('HVALS', KEYS[1])}
            """);
    /**
     * Replaces a session and records the user's overall presence in one step, if the user's sessions are
     * still at change {@code ARGV[5]} (so the overall presence computed from them is theirs); answers
     * {@code {1, change, previous overall, members of KEYS[7]}}, or {@code {0, change, sessions}} when another
     * change came first or the session is gone.
     */
    private static final RedisScript REPLACE_IF_UNCHANGED = new RedisScript("""
            local version = tonumber(redis.call('GET', KEYS[2]) or '0')
            if version ~= tonumber(ARGV[5]) or redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then
              return {0, version, redis.call('HVALS', KEYS[1])}
            end
            redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
            if ARGV[4] ~= '' then
              redis.call('SADD', KEYS[3], ARGV[3])
              redis.call('SADD', KEYS[4], ARGV[4])
            end
            if ARGV[6] ~= '0' then redis.call('ZADD', KEYS[5], ARGV[6], ARGV[3]) end
            version = redis.call('INCR', KEYS[2])
            local current = redis.call('GET', KEYS[6])
            local previous = ''
            if current then previous = string.sub(current, string.find(current, '|', 1, true) + 1) end
            redis.call('SET', KEYS[6], version .. '|' .. ARGV[7], 'PX', ARGV[8])
            return {1, version, previous, redis.call('SMEMBERS', KEYS[7])}
            """);
    /** Records an overall presence unless one of a later change is recorded already; answers the one before. */
    private static final RedisScript PUBLISH_OVERALL = new RedisScript("""
            local current = redis.call('GET', KEYS[1])
            local previous = ''
            if current then
              local bar = string.find(current, '|', 1, true)
              if tonumber(string.sub(current, 1, bar - 1)) >= tonumber(ARGV[1]) then return {} end
              previous = string.sub(current, bar + 1)
            end
            redis.call('SET', KEYS[1], ARGV[1] .. '|' .. ARGV[2], 'PX', ARGV[3])
            return {previous}
            """);

    /** How long an overall presence is kept: long after any change could still be computing. */
    private static final Duration OVERALL_TTL = Duration.ofDays(1);

    /**
     * How many users' sessions are kept as of their last change here: those whose presence changes often,
     * whose op 3s then need no read before their write.
     */
    static final int MAX_COPIES = 20_000;

    private final RedisReactiveCommands<String, String> redis;
    private final RedisSettings keys;
    private final JsonMapper mapper;
    /** Each user's sessions as the last change seen here left them; a stale copy costs a retry, not a wrong write. */
    private final Cache<Snowflake, Snapshot> copies = Caffeine.newBuilder()
            .maximumSize(MAX_COPIES)
            .expireAfterAccess(Duration.ofMinutes(10))
            .executor(Runnable::run)
            .build();

    SessionStore(RedisReactiveCommands<String, String> redis, RedisSettings keys, JsonMapper mapper) {
        this.redis = redis;
        this.keys = keys;
        this.mapper = mapper;
    }

    /** The user's sessions as the last change seen here left them; null when none was seen lately. */
    public @Nullable Snapshot copyOf(Snowflake user) {
        return copies.getIfPresent(user);
    }

    /**
     * Writes {@code session} (one of {@code sessions}, which are the user's sessions after it) and
     * {@code overallJson} as the user's overall presence, if nothing changed since {@code sessions}' change;
     * otherwise writes nothing and keeps the sessions as they now stand for {@link #copyOf}. Reads the set
     * {@code alsoRead} along.
     */
    public Mono<Replaced> replaceIfUnchanged(
            Snapshot sessions, StoredSession session, String overallJson, String alsoRead) {
        Snowflake user = session.userId();
        String instance = session.instance();
        return stored(session)
                .flatMap(value -> REPLACE_IF_UNCHANGED
                        .<List<Object>>run(
                                redis,
                                ScriptOutputType.MULTI,
                                writeKeys(user, instance, overallKey(user), alsoRead),
                                session.sessionId(),
                                value,
                                member(user, session.sessionId()),
                                instance,
                                Long.toString(sessions.version()),
                                Long.toString(session.expiresAt()),
                                overallJson,
                                Long.toString(OVERALL_TTL.toMillis()))
                        .next())
                .map(reply -> {
                    long version = (Long) reply.get(1);
                    if ((Long) reply.get(0) == 0) {
                        snapshot(user, reply.subList(1, 3));
                        return new Replaced(false, "", List.of());
                    }
                    keep(new Snapshot(user, version, sessions.sessions()));
                    @SuppressWarnings("unchecked")
                    List<String> members = (List<String>) reply.get(3);
                    return new Replaced(true, (String) reply.get(2), members);
                });
    }

    /** Creates or replaces the session. */
    public Mono<Snapshot> put(StoredSession session) {
        return write(session, "create").map(found -> found.orElseThrow());
    }

    /** Replaces the session if it is still there; empty when it ended meanwhile. */
    public Mono<Optional<Snapshot>> replace(StoredSession session) {
        return write(session, "update");
    }

    private Mono<Optional<Snapshot>> write(StoredSession session, String mode) {
        Snowflake user = session.userId();
        String instance = session.instance();
        return stored(session).flatMap(value -> PUT.<List<Object>>run(
                        redis,
                        ScriptOutputType.MULTI,
                        writeKeys(user, instance),
                        session.sessionId(),
                        value,
                        member(user, session.sessionId()),
                        instance,
                        Long.toString(session.expiresAt()),
                        mode)
                .next()
                .filter(reply -> !reply.isEmpty())
                .map(reply -> Optional.of(snapshot(user, reply)))
                .defaultIfEmpty(Optional.empty()));
    }

    /** A session as the user's hash holds it: {@code <instance>\n<json>}. */
    private Mono<String> stored(StoredSession session) {
        return Mono.fromCallable(() -> session.instance() + "\n" + mapper.writeValueAsString(session));
    }

    /** The keys a session's write touches, in the order the write scripts name them, then {@code more}. */
    private String[] writeKeys(Snowflake user, String instance, String... more) {
        String[] keys = {userKey(user), versionKey(user), instanceKey(instance), instancesKey(), expiringKey()};
        String[] all = Arrays.copyOf(keys, keys.length + more.length);
        System.arraycopy(more, 0, all, keys.length, more.length);
        return all;
    }

    /** Ends the session if {@code instance} ({@code *}: anyone) holds it; empty when nothing changed. */
    public Mono<Optional<Snapshot>> remove(Snowflake user, String sessionId, String instance) {
        return REMOVE.<List<Object>>run(
                        redis,
                        ScriptOutputType.MULTI,
                        new String[] {userKey(user), versionKey(user), instanceKey(instance), expiringKey()},
                        sessionId,
                        member(user, sessionId),
                        instance)
                .next()
                .filter(reply -> !reply.isEmpty())
                .map(reply -> Optional.of(snapshot(user, reply)))
                .defaultIfEmpty(Optional.empty());
    }

    /** Sets a session of a dead instance aside for {@code window}; empty when that instance no longer held it. */
    public Mono<Optional<Snapshot>> setAside(String member, String deadInstance, Duration window) {
        Snowflake user = userOf(member);
        String sessionId = sessionOf(member);
        return SET_ASIDE
                .<List<Object>>run(
                        redis,
                        ScriptOutputType.MULTI,
                        new String[] {userKey(user), versionKey(user), asideKey(sessionId), instanceKey(deadInstance)},
                        sessionId,
                        member,
                        deadInstance,
                        Long.toString(window.toMillis()))
                .next()
                .filter(reply -> !reply.isEmpty())
                .map(reply -> Optional.of(snapshot(user, reply)))
                .defaultIfEmpty(Optional.empty());
    }

    /**
     * Moves the session to {@code instance} (a resume there); answers a snapshot when it came back from
     * being set aside (the user's presence changed), an empty snapshot list when it had not left, and
     * nothing when it is gone.
     */
    public Mono<Optional<Snapshot>> claim(Snowflake user, String sessionId, String instance) {
        return CLAIM.<List<Object>>run(
                        redis,
                        ScriptOutputType.MULTI,
                        new String[] {
                            userKey(user), versionKey(user), asideKey(sessionId), instanceKey(instance), instancesKey()
                        },
                        sessionId,
                        member(user, sessionId),
                        instance)
                .next()
                .filter(reply -> !reply.isEmpty())
                .map(reply -> Optional.of(reply.size() < 2 ? new Snapshot(user, 0, List.of()) : snapshot(user, reply)))
                .defaultIfEmpty(Optional.empty());
    }

    public Mono<List<StoredSession>> sessions(Snowflake user) {
        return redis.hvals(userKey(user)).map(this::session).collectList();
    }

    public Mono<Optional<StoredSession>> session(Snowflake user, String sessionId) {
        return redis.hget(userKey(user), sessionId)
                .map(value -> Optional.of(session(value)))
                .defaultIfEmpty(Optional.empty());
    }

    /**
     * Records {@code json} as the user's overall presence as of change {@code version}; answers the one it
     * replaces ({@code ""} for none), or empty when a later change's is recorded already.
     */
    public Mono<Optional<String>> publishOverall(Snowflake user, long version, String json) {
        return PUBLISH_OVERALL
                .<List<Object>>run(
                        redis,
                        ScriptOutputType.MULTI,
                        new String[] {overallKey(user)},
                        Long.toString(version),
                        json,
                        Long.toString(OVERALL_TTL.toMillis()))
                .next()
                .filter(reply -> !reply.isEmpty())
                .map(reply -> Optional.of((String) reply.get(0)))
                .defaultIfEmpty(Optional.empty());
    }

    /** The overall presences recorded for {@code users} (JSON; {@code ""} for offline), those without one left out. */
    public Mono<Map<Snowflake, String>> overalls(List<Snowflake> users) {
        if (users.isEmpty()) {
            return Mono.just(Map.of());
        }
        return redis.mget(users.stream().map(this::overallKey).toArray(String[]::new))
                .index()
                .filter(entry -> entry.getT2().hasValue())
                .collect(Collectors.toMap(
                        entry -> users.get(entry.getT1().intValue()), entry -> overallJson(entry.getT2())));
    }

    private static String overallJson(KeyValue<String, String> entry) {
        String value = entry.getValue();
        return value.substring(value.indexOf('|') + 1);
    }

    /** Keeps {@code instance}'s sessions for {@code ttl} more; false when its lease had lapsed already. */
    public Mono<Boolean> renewLease(String instance, Duration ttl) {
        return redis.set(
                        leaseKey(instance),
                        "1",
                        SetArgs.Builder.px(ttl.toMillis()).xx())
                .map(ok -> true)
                .switchIfEmpty(redis.set(leaseKey(instance), "1", SetArgs.Builder.px(ttl.toMillis()))
                        .then(redis.sadd(instancesKey(), instance))
                        .thenReturn(false));
    }

    /** The instances whose lease lapsed, with the sessions each still lists. */
    public Flux<Map.Entry<String, List<String>>> deadInstances() {
        return redis.smembers(instancesKey())
                .filterWhen(instance -> redis.exists(leaseKey(instance)).map(count -> count == 0))
                .flatMap(instance -> redis.smembers(instanceKey(instance))
                        .collectList()
                        .map(members -> Map.entry(instance, members)));
    }

    /** Forgets a dead instance whose sessions are all set aside. */
    public Mono<Void> forgetInstance(String instance) {
        return redis.srem(instancesKey(), instance)
                .then(redis.del(instanceKey(instance)))
                .then();
    }

    /** Sessions that expire by time and whose time has come, as {@code <user>:<session>}. */
    public Flux<String> expired(long nowMillis) {
        return redis.zrangebyscore(expiringKey(), Range.create(0L, nowMillis));
    }

    private Snapshot snapshot(Snowflake user, List<Object> reply) {
        long version = (Long) reply.get(0);
        @SuppressWarnings("unchecked")
        List<Object> values = (List<Object>) reply.get(1);
        List<StoredSession> sessions = new ArrayList<>(values.size());
        for (Object value : values) {
            sessions.add(session((String) value));
        }
        return keep(new Snapshot(user, version, sessions));
    }

    /** Keeps the snapshot for {@link #copyOf} unless one of a later change is kept already. */
    private Snapshot keep(Snapshot snapshot) {
        copies.asMap()
                .merge(snapshot.userId(), snapshot, (kept, later) -> later.version() >= kept.version() ? later : kept);
        return snapshot;
    }

    private StoredSession session(String value) {
        return mapper.readValue(value.substring(value.indexOf('\n') + 1), StoredSession.class);
    }

    /** Ends the session a set's member ({@code <user>:<session>}) names, whoever holds it. */
    public Mono<Optional<Snapshot>> remove(String member) {
        return remove(userOf(member), sessionOf(member), "*");
    }

    static String member(Snowflake user, String sessionId) {
        return user.asString() + ":" + sessionId;
    }

    private static Snowflake userOf(String member) {
        return Snowflake.parse(member.substring(0, member.indexOf(':')));
    }

    private static String sessionOf(String member) {
        return member.substring(member.indexOf(':') + 1);
    }

    private String userKey(Snowflake user) {
        return keys.key("presence:u:" + user.asString());
    }

    private String versionKey(Snowflake user) {
        return keys.key("presence:v:" + user.asString());
    }

    private String overallKey(Snowflake user) {
        return keys.key("presence:o:" + user.asString());
    }

    private String instanceKey(String instance) {
        return keys.key("presence:i:" + instance);
    }

    private String instancesKey() {
        return keys.key("presence:instances");
    }

    private String leaseKey(String instance) {
        return keys.key("presence:lease:" + instance);
    }

    private String asideKey(String sessionId) {
        return keys.key("presence:d:" + sessionId);
    }

    private String expiringKey() {
        return keys.key("presence:expiring");
    }
}
