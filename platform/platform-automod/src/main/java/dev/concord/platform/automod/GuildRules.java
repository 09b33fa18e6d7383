package dev.concord.platform.automod;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A guild's auto moderation rules, compiled once per rule set (the caller caches it, and compiles again
 * when a rule changes), then shared by any number of threads: judging reads it and never changes it.
 *
 * <pre>{@code
 * GuildRules rules = GuildRules.compile(storedRules);          // once per rule set
 * List<Trigger> triggers = rules.judgeMessage(
 *         MessageInput.of(content, channelId).withRoles(authorRoles).withParent(categoryId)
 *                 .withMentions(uniqueMentions, mentionsEveryone));
 * for (Trigger t : triggers) { execute(t.rule().actions(), t.matchedKeyword(), t.matchedContent()); }
 * }</pre>
 *
 * Disabled rules never trigger. SPAM and GUILD_POLICY rules never trigger here: repeated content needs
 * state across messages, which the caller keeps ({@link #spamRule}, {@link SpamFingerprint}); so does a
 * mention raid ({@link #mentionRaidRule}, {@link MentionRaidPolicy}).
 */
public final class GuildRules {

    private static final GuildRules EMPTY = compile(List.of());

    private final List<AutomodRule> rules;
    private final CompiledRules message;
    private final CompiledRules profile;

    private GuildRules(List<AutomodRule> rules) {
        this.rules = List.copyOf(rules);
        List<AutomodRule> onMessage = new ArrayList<>();
        List<AutomodRule> onProfile = new ArrayList<>();
        for (AutomodRule rule : this.rules) {
            if (!rule.enabled()) {
                continue;
            }
            (rule.triggerType().onMessage() ? onMessage : onProfile).add(rule);
        }
        message = new CompiledRules(onMessage);
        profile = new CompiledRules(onProfile);
    }

    /** Compiles the guild's rules; cost grows with their keywords (tens of milliseconds for 6,000). */
    public static GuildRules compile(Collection<AutomodRule> rules) {
        return new GuildRules(List.copyOf(rules));
    }

    /** A guild without rules. */
    public static GuildRules empty() {
        return EMPTY;
    }

    /** The rules as given, disabled ones included. */
    public List<AutomodRule> rules() {
        return rules;
    }

    /**
     * The rules a message triggers (KEYWORD, KEYWORD_PRESET, MENTION_SPAM), in the order the rules were
     * given, each once with its first match: the content first, then the embed texts.
     */
    public List<Trigger> judgeMessage(MessageInput input) {
        int count = message.size();
        boolean[] active = new boolean[count];
        @Nullable Trigger[] found = new Trigger[count];
        boolean anyText = false;
        for (int r = 0; r < count; r++) {
            AutomodRule rule = message.rule(r);
            active[r] = !rule.exempts(input.authorRoleIds(), input.channelId(), input.parentId());
            if (active[r] && rule.triggerType() == TriggerType.MENTION_SPAM) {
                if (input.uniqueMentions() > rule.metadata().mentionTotalLimit()) {
                    found[r] = new Trigger(rule, MatchSource.MENTIONS, null, null, input.content(), -1, -1);
                }
            } else if (active[r] && (message.hasKeywords(r) || message.hasRegexes(r))) {
                anyText = true;
            }
        }
        if (anyText) {
            List<String> texts = new ArrayList<>(1 + input.embedTexts().size());
            List<MatchSource> sources = new ArrayList<>(texts.size());
            texts.add(input.content());
            sources.add(MatchSource.CONTENT);
            for (String embed : input.embedTexts()) {
                texts.add(embed);
                sources.add(MatchSource.EMBED);
            }
            message.judgeTexts(texts, sources, active, found);
        }
        return collect(found);
    }

    /** The USER_PROFILE rules a member's names trigger: username, then global name, then nickname. */
    public List<Trigger> judgeProfile(ProfileInput input) {
        int count = profile.size();
        if (count == 0) {
            return List.of();
        }
        boolean[] active = new boolean[count];
        @Nullable Trigger[] found = new Trigger[count];
        for (int r = 0; r < count; r++) {
            active[r] = !profile.rule(r).exemptsRoles(input.roleIds());
        }
        List<String> texts = new ArrayList<>(3);
        List<MatchSource> sources = new ArrayList<>(3);
        addName(texts, sources, input.username(), MatchSource.USERNAME);
        addName(texts, sources, input.globalName(), MatchSource.GLOBAL_NAME);
        addName(texts, sources, input.nickname(), MatchSource.NICKNAME);
        profile.judgeTexts(texts, sources, active, found);
        return collect(found);
    }

    /**
     * The enabled SPAM rule that applies to this message (author and channel not exempt), if any: the
     * caller then counts the message's {@link SpamFingerprint} in its own store and asks a {@link
     * SpamPolicy}.
     */
    public Optional<AutomodRule> spamRule(MessageInput input) {
        return applicable(input, TriggerType.SPAM, false);
    }

    /**
     * The enabled MENTION_SPAM rule with mention_raid_protection_enabled that applies to this message, if
     * any: the caller adds the message's mentions to its sliding window and asks a {@link
     * MentionRaidPolicy}.
     */
    public Optional<AutomodRule> mentionRaidRule(MessageInput input) {
        return applicable(input, TriggerType.MENTION_SPAM, true);
    }

    private Optional<AutomodRule> applicable(MessageInput input, TriggerType type, boolean raidProtection) {
        for (int r = 0; r < message.size(); r++) {
            AutomodRule rule = message.rule(r);
            if (rule.triggerType() == type
                    && (!raidProtection || rule.metadata().mentionRaidProtectionEnabled())
                    && !rule.exempts(input.authorRoleIds(), input.channelId(), input.parentId())) {
                return Optional.of(rule);
            }
        }
        return Optional.empty();
    }

    private static void addName(List<String> texts, List<MatchSource> sources, @Nullable String name, MatchSource s) {
        if (name != null && !name.isEmpty()) {
            texts.add(name);
            sources.add(s);
        }
    }

    private static List<Trigger> collect(@Nullable Trigger[] found) {
        List<Trigger> triggers = new ArrayList<>(2);
        for (Trigger trigger : found) {
            if (trigger != null) {
                triggers.add(trigger);
            }
        }
        return triggers;
    }
}
