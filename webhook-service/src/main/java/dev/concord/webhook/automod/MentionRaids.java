package dev.concord.webhook.automod;

import dev.concord.platform.automod.MentionRaidPolicy;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.redis.RedisScript;
import dev.concord.platform.redis.RedisSettings;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * A guild's mention raid state for MENTION_SPAM's {@code mention_raid_protection_enabled}, kept in Redis so
 * every instance judges by the same sums: per guild, the mentions of recent messages by author and all
 * together over {@link MentionRaidPolicy#window()}, and until when the raid detected last holds
 * ({@code suspicious_mention_activity_until}). The policy itself is the platform's pure one.
 */
@Component
public final class MentionRaids {

    /**
     * How long a detected raid keeps the guild's mentions suspicious. The platform does not say; an hour
     * covers a raid's burst, and a moderator ends it sooner with clear-mention-raid.
     */
    static final Duration SUSPICIOUS_FOR = Duration.ofHours(1);

    /**
     * KEYS: the author's window, the guild's window, the raid's end. ARGV: now (ms), window (ms), this
     * message's entry ("id:count"). Adds the entry to both windows (sorted sets scored by time), drops what
     * fell out of the window, and answers both sums and the raid's end in ms ("" when none).
     */
    private static final RedisScript OBSERVE = new RedisScript("""
            local now = tonumber(ARGV[1])
            local window = tonumber(ARGV[2])
            local function add(key)
              redis.call('ZADD', key, now, ARGV[3])
              redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
              redis.call('PEXPIRE', key, window)
              local sum = 0
              for _, entry in ipairs(redis.call('ZRANGE', key, 0, -1)) do
                sum = sum + tonumber(string.match(entry, ':(%d+)$'))
              end
              return sum
            end
            return {add(KEYS[1]), add(KEYS[2]), redis.call('GET', KEYS[3]) or ''}
            """);

    /** What a message's mentions did: whether they are part of a raid, and the raid's end if it started now. */
    public record Observation(boolean raid, @Nullable Instant startedUntil) {

        static final Observation CALM = new Observation(false, null);
    }

    private final RedisReactiveCommands<String, String> redis;
    private final RedisSettings keys;
    private final MentionRaidPolicy policy;
    private final Clock clock;

    MentionRaids(RedisReactiveCommands<String, String> redis, RedisSettings keys, Clock clock) {
        this.redis = redis;
        this.keys = keys;
        this.policy = MentionRaidPolicy.DEFAULT;
        this.clock = clock;
    }

    /**
     * Counts a message's {@code mentions} (its unique mentions, one more for @everyone) for its author and
     * guild and asks the policy: a raid when either sum over the window is too high. The first message of a
     * raid starts it (until now plus {@link #SUSPICIOUS_FOR}); later ones while it lasts only join it.
     */
    public Mono<Observation> observe(Snowflake guildId, Snowflake authorId, Snowflake messageId, int mentions) {
        if (mentions <= 0) {
            return Mono.just(Observation.CALM);
        }
        Instant now = clock.instant();
        String guild = guildId.asString();
        return OBSERVE.<List<Object>>run(
                        redis,
                        ScriptOutputType.MULTI,
                        new String[] {authorWindow(guild, authorId), guildWindow(guild), raidEnd(guild)},
                        Long.toString(now.toEpochMilli()),
                        Long.toString(policy.window().toMillis()),
                        messageId.asString() + ":" + mentions)
                .next()
                .flatMap(sums -> {
                    MentionRaidPolicy.Verdict verdict =
                            policy.judge(((Long) sums.get(0)).intValue(), ((Long) sums.get(1)).intValue());
                    if (verdict == MentionRaidPolicy.Verdict.NONE) {
                        return Mono.just(Observation.CALM);
                    }
                    String end = String.valueOf(sums.get(2));
                    boolean lasting = !end.isEmpty() && Long.parseLong(end) > now.toEpochMilli();
                    return lasting ? Mono.just(new Observation(true, null)) : start(guild, now);
                });
    }

    /** Marks the raid started unless another instance just did: only one of them then tells the guild. */
    private Mono<Observation> start(String guild, Instant now) {
        Instant until = now.plus(SUSPICIOUS_FOR);
        return redis.set(
                        raidEnd(guild),
                        Long.toString(until.toEpochMilli()),
                        SetArgs.Builder.nx().px(SUSPICIOUS_FOR.toMillis()))
                .map(ok -> new Observation(true, until))
                .defaultIfEmpty(new Observation(true, null));
    }

    /** Ends the guild's mention raid: the raid's end and the guild's window go, so mentions flow again. */
    public Mono<Void> clear(Snowflake guildId) {
        String guild = guildId.asString();
        return redis.del(raidEnd(guild), guildWindow(guild)).then();
    }

    // The guild in braces: a cluster keeps one guild's keys in one slot, which the script needs.
    private String guildWindow(String guild) {
        return keys.key("automod:mention-raid:{" + guild + "}:guild");
    }

    private String authorWindow(String guild, Snowflake authorId) {
        return keys.key("automod:mention-raid:{" + guild + "}:author:" + authorId.asString());
    }

    private String raidEnd(String guild) {
        return keys.key("automod:mention-raid:{" + guild + "}:until");
    }
}
