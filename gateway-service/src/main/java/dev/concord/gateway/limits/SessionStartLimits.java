package dev.concord.gateway.limits;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.redis.RedisSettings;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** Reads a bot's session start budget as {@link RedisIdentifyLimits} spends it, for {@code GET /gateway/bot}. */
@Component
public final class SessionStartLimits {

    private final RedisReactiveCommands<String, String> redis;
    private final RedisSettings keys;
    private final LimitSettings settings;

    SessionStartLimits(RedisReactiveCommands<String, String> redis, RedisSettings keys, LimitSettings settings) {
        this.redis = redis;
        this.keys = keys;
        this.settings = settings;
    }

    public Mono<SessionStartLimit> of(Snowflake botId) {
        String key = RedisIdentifyLimits.dailyKey(keys, botId);
        Mono<Long> used = redis.get(key).map(Long::parseLong).defaultIfEmpty(0L);
        // -2 (no key) and -1 (no expiry, never written so) both mean no window runs.
        Mono<Long> resetAfter = redis.pttl(key).map(ttl -> Math.max(0, ttl)).defaultIfEmpty(0L);
        return Mono.zip(used, resetAfter, (spent, reset) -> {
            // A window that ends between the two reads leaves a count without time: the budget is whole again.
            long counted = reset == 0 ? 0 : spent;
            return new SessionStartLimit(
                    settings.sessionStartTotal(),
                    (int) Math.max(0, settings.sessionStartTotal() - counted),
                    reset,
                    settings.maxConcurrency());
        });
    }
}
