package dev.concord.webhook.automod;

import dev.concord.platform.automod.SpamPolicy;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.redis.RedisScript;
import dev.concord.platform.redis.RedisSettings;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.time.Clock;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The SPAM trigger's state, in Redis so every instance counts alike: per guild, author and content
 * fingerprint ({@code SpamFingerprint}), the messages of the last {@link SpamPolicy#window()}; the platform's
 * pure {@link SpamPolicy} says when they are too many. A message counted again (an edit) counts once.
 */
@Component
public final class RepeatedContent {

    /**
     * KEYS: the author's messages with that fingerprint. ARGV: now (ms), window (ms), the message's id. Adds
     * the message, drops those that fell out of the window, answers how many it holds.
     */
    private static final RedisScript COUNT = new RedisScript("""
            local now = tonumber(ARGV[1])
            local window = tonumber(ARGV[2])
            redis.call('ZADD', KEYS[1], now, ARGV[3])
            redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
            redis.call('PEXPIRE', KEYS[1], window)
            return redis.call('ZCARD', KEYS[1])
            """);

    private final RedisReactiveCommands<String, String> redis;
    private final RedisSettings keys;
    private final SpamPolicy policy;
    private final Clock clock;

    RepeatedContent(RedisReactiveCommands<String, String> redis, RedisSettings keys, Clock clock) {
        this.redis = redis;
        this.keys = keys;
        this.policy = SpamPolicy.DEFAULT;
        this.clock = clock;
    }

    /** Counts the message under its content's fingerprint and answers whether it is spam. */
    public Mono<Boolean> isSpam(Snowflake guildId, Snowflake authorId, long fingerprint, Snowflake messageId) {
        String key = keys.key("automod:spam:{" + guildId.asString() + "}:" + authorId.asString() + ":"
                + Long.toHexString(fingerprint));
        return COUNT.<Long>run(
                        redis,
                        ScriptOutputType.INTEGER,
                        new String[] {key},
                        Long.toString(clock.instant().toEpochMilli()),
                        Long.toString(policy.window().toMillis()),
                        messageId.asString())
                .next()
                .map(count -> policy.isSpam(count.intValue()));
    }
}
