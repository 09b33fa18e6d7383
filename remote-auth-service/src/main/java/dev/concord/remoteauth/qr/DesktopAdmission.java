package dev.concord.remoteauth.qr;

import dev.concord.platform.redis.RedisSettings;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.time.Duration;
import java.time.Instant;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Bounds the desktop sockets one client address holds open, across all instances: a sorted set per
 * address of its open sockets, each scored by the end of its lifespan, so the slot of a socket whose
 * instance died frees itself when the socket would have timed out anyway.
 */
@Component
class DesktopAdmission {

    /** 0 when admitted, otherwise the milliseconds until the address's oldest socket times out. */
    private static final String ADMIT = """
            redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
            if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
              local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
              return math.max(1, tonumber(oldest[2]) - tonumber(ARGV[1]))
            end
            redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
            redis.call('PEXPIREAT', KEYS[1], ARGV[3])
            return 0
            """;

    private final RedisReactiveCommands<String, String> redis;
    private final RedisSettings settings;
    private final int limit;

    DesktopAdmission(
            RedisReactiveCommands<String, String> redis, RedisSettings settings, RemoteAuthSettings remoteAuth) {
        this.redis = redis;
        this.settings = settings;
        this.limit = remoteAuth.sessionsPerAddress();
    }

    /** Takes a slot for socket {@code id} until {@code until}; empty when admitted, else how long until one frees. */
    Mono<Duration> admit(String address, String id, Instant now, Instant until) {
        return redis.<Long>eval(
                        ADMIT,
                        ScriptOutputType.INTEGER,
                        new String[] {key(address)},
                        Long.toString(now.toEpochMilli()),
                        Integer.toString(limit),
                        Long.toString(until.toEpochMilli()),
                        id)
                .next()
                .filter(wait -> wait > 0)
                .map(Duration::ofMillis);
    }

    Mono<Void> release(String address, String id) {
        return redis.zrem(key(address), id).then();
    }

    private String key(String address) {
        return settings.key("remote-auth:address:" + address);
    }
}
