package dev.concord.platform.redis;

import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.time.Duration;
import reactor.core.publisher.Mono;

/**
 * Renewing and releasing a lease held as a Redis key whose value names its holder: each only when the
 * key still names that holder, atomically, so a holder that lost its lease never extends or frees another's.
 */
public final class LeaseScripts {

    private static final String RENEW = """
            if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
            return 0
            """;
    private static final String RELEASE = """
            if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
            return 0
            """;

    private LeaseScripts() {}

    /** True when {@code holder} still held the lease and it now runs for {@code ttl} more. */
    public static Mono<Boolean> renew(
            RedisReactiveCommands<String, String> redis, String key, String holder, Duration ttl) {
        return redis.<Long>eval(
                        RENEW, ScriptOutputType.INTEGER, new String[] {key}, holder, Long.toString(ttl.toMillis()))
                .next()
                .map(renewed -> renewed == 1);
    }

    /** Frees the lease if {@code holder} still holds it. */
    public static Mono<Void> release(RedisReactiveCommands<String, String> redis, String key, String holder) {
        return redis.<Long>eval(RELEASE, ScriptOutputType.INTEGER, new String[] {key}, holder)
                .then();
    }
}
