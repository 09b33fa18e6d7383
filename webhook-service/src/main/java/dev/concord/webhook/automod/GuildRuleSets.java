package dev.concord.webhook.automod;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.concord.platform.automod.GuildRules;
import dev.concord.platform.guilds.AutoModerationRules;
import dev.concord.platform.ids.Snowflake;
import java.time.Duration;
import java.util.Map;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Each guild's rules, compiled once and kept: a message is judged without asking guild-service. A rule's
 * change drops its guild's set on every instance ({@link RuleSetFeed}); the time limit bounds what an
 * instance that missed that event would judge by. A guild without rules costs one request per limit.
 */
@Component
public final class GuildRuleSets {

    /** How long a compiled set is trusted without an event: a missed change lasts at most this long. */
    static final Duration KEPT = Duration.ofMinutes(5);

    /** Guilds whose sets are kept: a set of 6,000 keywords holds a few MiB, most guilds hold none. */
    private static final int GUILDS = 10_000;

    private final AutoModerationRules source;
    /** A guild's rules compiled, with each rule's name (by id) for the alerts that name it. */
    public record RuleSet(GuildRules rules, Map<Long, String> names) {

        public String nameOf(long ruleId) {
            return names.getOrDefault(ruleId, "");
        }
    }

    private final AsyncCache<Snowflake, RuleSet> sets =
            Caffeine.newBuilder().expireAfterWrite(KEPT).maximumSize(GUILDS).buildAsync();

    GuildRuleSets(AutoModerationRules source) {
        this.source = source;
    }

    /** The guild's rules, compiled (off the event loop: thousands of keywords take milliseconds). */
    public Mono<RuleSet> of(Snowflake guildId) {
        return Mono.fromFuture(
                sets.get(guildId, (id, executor) -> source.enabled(id)
                        .publishOn(Schedulers.parallel())
                        .map(rules ->
                                new RuleSet(GuildRules.compile(RuleObjects.readAll(rules)), RuleObjects.names(rules)))
                        .toFuture()),
                true);
    }

    /** Forgets the guild's set: the next message compiles it again from guild-service's rules. */
    public void forget(Snowflake guildId) {
        sets.synchronous().invalidate(guildId);
    }
}
