package dev.concord.gateway.limits;

import dev.concord.gateway.protocol.CloseCode;
import dev.concord.gateway.protocol.ProtocolViolation;
import dev.concord.gateway.protocol.Shard;
import dev.concord.platform.auth.Principal;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.redis.RedisSettings;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Identify limits in Redis, so they hold whichever instance a client reaches. Each check is one script,
 * so concurrent identifies cannot slip past a limit between a read and a write.
 *
 * <p>Over a limit the connection is closed with 4008. The platform answers a bot identifying faster than
 * its {@code max_concurrency} allows with op 9, and one past its daily total by resetting the bot's token
 * and ending its sessions; we have no bot tokens to reset, and 4008 tells every library plainly to wait
 * and reconnect, without a session started or a token lost.
 *
 * <p>When Redis fails the identify is let through (logged): the limits protect the service, and refusing
 * every client while Redis is away would be the larger outage.
 */
@Component
final class RedisIdentifyLimits implements IdentifyLimits {

    private static final Logger log = LoggerFactory.getLogger(RedisIdentifyLimits.class);

    /** A fixed window: count, start the window on the first hit; returns the count. */
    private static final String HIT = """
            local used = redis.call('INCR', KEYS[1])
            if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
            return used
            """;

    /**
     * A bot's session start: refused (1) with the daily total used, refused (2) when its bucket has had
     * an identify in the last concurrency window; otherwise counted (0). The day starts at the first one.
     */
    private static final String SESSION_START = """
            local used = tonumber(redis.call('GET', KEYS[1]) or '0')
            if used >= tonumber(ARGV[1]) then return 1 end
            if not redis.call('SET', KEYS[2], '1', 'PX', ARGV[3], 'NX') then return 2 end
            redis.call('INCR', KEYS[1])
            if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
            return 0
            """;

    /** Only while the window lasts: decrementing an expired key would leave a counter without expiry. */
    private static final String GIVE_BACK = """
            if redis.call('PTTL', KEYS[1]) > 0 and tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then
              redis.call('DECR', KEYS[1])
            end
            return 0
            """;

    private final RedisReactiveCommands<String, String> redis;
    private final RedisSettings keys;
    private final LimitSettings settings;

    RedisIdentifyLimits(RedisReactiveCommands<String, String> redis, RedisSettings keys, LimitSettings settings) {
        this.redis = redis;
        this.keys = keys;
        this.settings = settings;
    }

    @Override
    public Mono<Void> admit(Principal principal, @Nullable Shard shard, String clientAddress) {
        // Bots are bounded by their session starts, which allow a sharded bot many identifies at once
        // from one host; the limits per user and per address are for people's clients.
        Mono<Void> checks = principal.isBot()
                ? sessionStart(principal.userId(), shard)
                : hit("address:" + clientAddress, settings.identifiesPerAddress())
                        .then(hit("user:" + principal.userId().asString(), settings.identifiesPerUser()));
        return checks.onErrorResume(failure -> !(failure instanceof ProtocolViolation), failure -> {
            log.warn("identify limits not checked for user {}: {}", principal.userId(), failure.toString());
            return Mono.empty();
        });
    }

    @Override
    public Mono<Void> giveBack(Principal principal) {
        if (!principal.isBot()) {
            return Mono.empty();
        }
        String[] key = {dailyKey(keys, principal.userId())};
        return redis.<Long>eval(GIVE_BACK, ScriptOutputType.INTEGER, key).then().onErrorResume(failure -> {
            log.warn("session start of bot {} not given back: {}", principal.userId(), failure.toString());
            return Mono.empty();
        });
    }

    private Mono<Void> hit(String subject, int limit) {
        if (limit <= 0) {
            return Mono.empty();
        }
        String[] key = {keys.key("gateway:identify:" + subject)};
        return redis.<Long>eval(HIT, ScriptOutputType.INTEGER, key, millis(settings.identifyWindow()))
                .next()
                .flatMap(used -> used > limit ? rateLimited() : Mono.empty());
    }

    private Mono<Void> sessionStart(Snowflake botId, @Nullable Shard shard) {
        int bucket = (shard == null ? 0 : shard.id()) % settings.maxConcurrency();
        String[] keys = {
            dailyKey(this.keys, botId), this.keys.key("gateway:session-start:" + botId.asString() + ":bucket:" + bucket)
        };
        return redis.<Long>eval(
                        SESSION_START,
                        ScriptOutputType.INTEGER,
                        keys,
                        Integer.toString(settings.sessionStartTotal()),
                        millis(settings.sessionStartWindow()),
                        millis(settings.concurrencyWindow()))
                .next()
                .flatMap(refused -> refused != 0 ? rateLimited() : Mono.empty());
    }

    /** The counter of a bot's session starts in the current window. */
    static String dailyKey(RedisSettings keys, Snowflake botId) {
        return keys.key("gateway:session-start:" + botId.asString());
    }

    private static Mono<Void> rateLimited() {
        return Mono.error(new ProtocolViolation(CloseCode.RATE_LIMITED));
    }

    private static String millis(Duration duration) {
        return Long.toString(duration.toMillis());
    }
}
