package dev.concord.guild.automod;

import dev.concord.guild.access.MemberRow;
import dev.concord.platform.automod.AutomodAction;
import dev.concord.platform.automod.AutomodRule;
import dev.concord.platform.automod.GuildRules;
import dev.concord.platform.automod.ProfileInput;
import dev.concord.platform.automod.Trigger;
import dev.concord.platform.automod.TriggerType;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.permissions.GuildMember;
import dev.concord.platform.permissions.GuildPermissions;
import dev.concord.platform.permissions.Permission;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The guild's USER_PROFILE rule (at most one, event type GUILD_MEMBER_EVENT) judged against a member's
 * names when they join or change their nickname, by the engine that judges messages. Compiled for each
 * judgement: joins and renames are rare beside messages, and the rule is read in the same transaction.
 */
@Component
public final class ProfileRules {

    /** The member flag the platform sets while a member's name is quarantined (AUTOMOD_QUARANTINED_USERNAME). */
    public static final int QUARANTINED_USERNAME = GuildMember.QUARANTINED_FLAG;

    private final AutoModerationStore store;
    private final SnowflakeGenerator ids;

    ProfileRules(AutoModerationStore store, SnowflakeGenerator ids) {
        this.store = store;
        this.ids = ids;
    }

    /**
     * The events of what the rules did on this {@code occasion}: an execution for each QUARANTINE_USER and
     * SEND_ALERT_MESSAGE, and each alert to post ({@link ProfileRuleEvents}).
     */
    public List<DomainEvent> events(Verdict verdict, Occasion occasion) {
        return ProfileRuleEvents.of(verdict, occasion, ids);
    }

    /** What the rules made of a member's names: the triggers, each with the rule as the guild keeps it. */
    public record Verdict(Snowflake guildId, Snowflake userId, List<Hit> hits) {

        static Verdict none(Snowflake guildId, Snowflake userId) {
            return new Verdict(guildId, userId, List.of());
        }

        /** Whether a triggered rule quarantines the member (QUARANTINE_USER). */
        public boolean quarantines() {
            return ProfileRules.quarantines(hits);
        }
    }

    /**
     * When names were judged: a join or a new username quarantines (the alert's {@code quarantine_event}), a
     * new nickname is refused ({@code block_profile_update_type} {@code nickname_update}).
     */
    public enum Occasion {
        GUILD_JOIN,
        USERNAME_UPDATE,
        NICKNAME_UPDATE
    }

    /** One triggered rule. */
    public record Hit(AutoModerationRule rule, Trigger trigger) {

        boolean has(int actionType) {
            return rule.actions().stream().anyMatch(action -> action.type() == actionType);
        }
    }

    /**
     * Judges {@code names} of the member {@code userId} against the guild's enabled USER_PROFILE rule.
     * Run inside the caller's transaction, so a rule changed at the same time is seen before or after.
     */
    public Mono<Verdict> judge(Snowflake guildId, Snowflake userId, ProfileInput names) {
        return compiled(guildId)
                .map(rules -> new Verdict(guildId, userId, rules.hits(names)))
                .defaultIfEmpty(Verdict.none(guildId, userId));
    }

    /**
     * A nickname change judged: the verdict on the new nickname alone (flagged when it quarantines: the
     * change is refused), and whether every name passes with it.
     */
    public record Rename(Verdict nickname, boolean namesPass) {

        public boolean nicknameFlagged() {
            return nickname.quarantines();
        }
    }

    /** {@code names} of member {@code userId} with the new nickname: the nickname alone, then all of them. */
    public Mono<Rename> judgeRename(Snowflake guildId, Snowflake userId, ProfileInput names) {
        ProfileInput nickname = new ProfileInput(null, null, names.nickname(), names.roleIds());
        return compiled(guildId)
                .map(rules ->
                        new Rename(new Verdict(guildId, userId, rules.hits(nickname)), !quarantines(rules.hits(names))))
                .defaultIfEmpty(new Rename(Verdict.none(guildId, userId), true));
    }

    private static boolean quarantines(List<Hit> hits) {
        return hits.stream().anyMatch(hit -> hit.has(AutomodAction.QUARANTINE_USER));
    }

    /** The guild's enabled USER_PROFILE rules, compiled; empty when it has none. */
    private Mono<CompiledRules> compiled(Snowflake guildId) {
        return store.enabled(guildId)
                .filter(rule -> rule.triggerType() == TriggerType.USER_PROFILE.value())
                .collectList()
                .filter(rules -> !rules.isEmpty())
                .map(CompiledRules::of);
    }

    /** The engine's rules, and the guild's rule behind each. */
    private record CompiledRules(GuildRules engine, Map<Long, AutoModerationRule> byId) {

        static CompiledRules of(List<AutoModerationRule> rules) {
            return new CompiledRules(
                    GuildRules.compile(
                            rules.stream().map(ProfileRules::forEngine).toList()),
                    rules.stream().collect(Collectors.toMap(rule -> rule.id().value(), rule -> rule)));
        }

        List<Hit> hits(ProfileInput names) {
            List<Hit> hits = new ArrayList<>();
            for (Trigger trigger : engine.judgeProfile(names)) {
                hits.add(new Hit(Objects.requireNonNull(byId.get(trigger.rule().id())), trigger));
            }
            return List.copyOf(hits);
        }
    }

    /**
     * Whether the rules leave this member alone: the owner, administrators and those who manage the guild,
     * by their roles (not by what a quarantine leaves of them).
     */
    public static boolean leavesAlone(GuildPermissions guild, MemberRow member, Instant now) {
        long held = guild.base(GuildMember.of(member.userId().value(), member.roleIds()), now);
        return (held & (Permission.ADMINISTRATOR.bit() | Permission.MANAGE_GUILD.bit())) != 0;
    }

    /** The rule as the engine takes it: its keywords, regexes and allow list, its actions and exempt roles. */
    static AutomodRule forEngine(AutoModerationRule rule) {
        TriggerMetadata metadata = rule.triggerMetadata();
        var engineMetadata = dev.concord.platform.automod.TriggerMetadata.keywords(
                orEmpty(metadata.keywordFilter()), orEmpty(metadata.regexPatterns()), orEmpty(metadata.allowList()));
        List<AutomodAction> actions = rule.actions().stream()
                .map(action -> new AutomodAction(
                        action.type(),
                        action.metadata().channelId() == null
                                ? 0
                                : Objects.requireNonNull(action.metadata().channelId())
                                        .value(),
                        0,
                        null))
                .toList();
        Set<Long> exemptRoles =
                rule.exemptRoles().stream().map(Snowflake::value).collect(Collectors.toSet());
        return new AutomodRule(
                rule.id().value(), TriggerType.USER_PROFILE, engineMetadata, actions, true, exemptRoles, Set.of());
    }

    private static List<String> orEmpty(@Nullable List<String> values) {
        return values == null ? List.of() : values;
    }
}
