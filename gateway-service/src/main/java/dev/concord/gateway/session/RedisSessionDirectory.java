package dev.concord.gateway.session;

import dev.concord.gateway.GatewaySettings;
import dev.concord.gateway.InstanceId;
import dev.concord.platform.redis.RedisSettings;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Sessions in Redis as {@code gateway:session:<id>} hashes ({@link SessionRecord}), and each home's
 * sessions as the set {@code gateway:home:<home>:sessions}, which an instance adopting the home reads.
 * The expiry covers the resume window after the last heartbeat, so a crashed instance's sessions vanish
 * by themselves; heartbeats push it back.
 */
@Component
final class RedisSessionDirectory implements SessionDirectory {

    private static final Logger log = LoggerFactory.getLogger(RedisSessionDirectory.class);

    private final RedisReactiveCommands<String, String> redis;
    private final RedisSettings keys;
    private final String instance;
    private final Duration ttl;

    RedisSessionDirectory(
            RedisReactiveCommands<String, String> redis,
            RedisSettings keys,
            InstanceId instance,
            GatewaySettings settings) {
        this.redis = redis;
        this.keys = keys;
        this.instance = instance.value();
        this.ttl = settings.resumeWindow().plus(settings.heartbeatTimeout());
    }

    @Override
    public void opened(Session session) {
        run(write(session), session);
    }

    @Override
    public void alive(Session session) {
        // Re-written when the key is gone (Redis restarted or flushed), so the directory heals itself. The
        // last number goes with it when it moved, so an adopting instance knows it even when the session's
        // frames are all older than the replay log keeps. (The home's set is kept alive by its lease.)
        String key = key(session);
        long seq = session.seqToRecord();
        Mono<Void> progress = seq < 0
                ? Mono.empty()
                : redis.hset(key, "seq", Long.toString(seq)).then();
        run(redis.expire(key, ttl).flatMap(found -> found ? progress : write(session)), session);
    }

    @Override
    public void ended(Session session) {
        run(
                redis.del(key(session)).then(redis.srem(SessionRecord.homeKey(keys, session.home()), session.id())),
                session);
    }

    private Mono<Void> write(Session session) {
        String key = key(session);
        String home = SessionRecord.homeKey(keys, session.home());
        return redis.hset(key, SessionRecord.fields(session, instance))
                .then(redis.expire(key, ttl))
                .then(redis.sadd(home, session.id()))
                .then(redis.expire(home, ttl))
                .then();
    }

    private void run(Mono<?> command, Session session) {
        command.subscribe(null, e -> log.warn("session directory update failed for {}: {}", session, e.toString()));
    }

    private String key(Session session) {
        return SessionRecord.key(keys, session.id());
    }
}
