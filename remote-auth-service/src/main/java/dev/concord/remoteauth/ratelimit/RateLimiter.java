package dev.concord.remoteauth.ratelimit;

import dev.concord.platform.redis.RedisSettings;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.time.Duration;
import java.util.List;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Fixed-window counters in Redis, shared by every instance. Each hit is one atomic script (count, start
 * the window on the first hit, read what is left of it), so concurrent requests can never slip past a
 * limit between a read and a write.
 */
@Component
public class RateLimiter {

    private static final String HIT = """
            local used = redis.call('INCR', KEYS[1])
            local ttl = redis.call('PTTL', KEYS[1])
            if ttl < 0 then
              redis.call('PEXPIRE', KEYS[1], ARGV[1])
              ttl = tonumber(ARGV[1])
            end
            return {used, ttl}
            """;
    /** Only while the window lasts: decrementing an expired key would leave a counter without expiry. */
    private static final String GIVE_BACK = """
            if redis.call('PTTL', KEYS[1]) > 0 then redis.call('DECR', KEYS[1]) end
            return 0
            """;

    private final RedisReactiveCommands<String, String> redis;
    private final RedisSettings settings;

    public RateLimiter(RedisReactiveCommands<String, String> redis, RedisSettings settings) {
        this.redis = redis;
        this.settings = settings;
    }

    /** Counts one hit by {@code subject}; the quota says whether it went over the limit. */
    public Mono<Quota> hit(Bucket bucket, String subject) {
        String[] keys = {key(bucket, subject)};
        // A MULTI reply arrives as one element: the script's {used, ttl} list.
        return redis.<List<Long>>eval(
                        HIT,
                        ScriptOutputType.MULTI,
                        keys,
                        Long.toString(bucket.window().toMillis()))
                .next()
                .map(reply -> quota(bucket, reply));
    }

    /** Counts one hit by {@code subject}; errors with {@link Throttled} once it is over the limit. */
    public Mono<Void> admit(Bucket bucket, String subject) {
        return hit(bucket, subject)
                .flatMap(quota -> quota.exceeded() ? Mono.error(new Throttled(quota)) : Mono.empty());
    }

    /** Takes back a hit that turned out not to count (a successful login against a failures-only limit). */
    public Mono<Void> giveBack(Bucket bucket, String subject) {
        String[] keys = {key(bucket, subject)};
        return redis.<Long>eval(GIVE_BACK, ScriptOutputType.INTEGER, keys).then();
    }

    private String key(Bucket bucket, String subject) {
        return settings.key("ratelimit:" + bucket.name() + ":" + subject);
    }

    private static Quota quota(Bucket bucket, List<Long> reply) {
        return new Quota(bucket, reply.get(0), Duration.ofMillis(reply.get(1)));
    }
}
