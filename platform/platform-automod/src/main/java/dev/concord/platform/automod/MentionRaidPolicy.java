package dev.concord.platform.automod;

import java.time.Duration;

/**
 * When mentions across messages make a raid (mention_raid_protection_enabled): within a sliding
 * {@code window}, more than {@code maxPerAuthor} mentions from one author, or more than {@code maxPerGuild}
 * from everyone together (many accounts each staying under the per-message limit). The caller keeps both
 * sums over the window (Redis: a sorted set of timestamped counts per author and per guild) and asks;
 * the policy holds no state.
 */
public record MentionRaidPolicy(Duration window, int maxPerAuthor, int maxPerGuild) {

    /** What raised the alarm. */
    public enum Verdict {
        NONE,
        /** One author mentioned too many. */
        AUTHOR,
        /** The guild as a whole received too many: likely several accounts acting together. */
        GUILD
    }

    /** 30 seconds; 20 mentions from one author, 100 from everyone. */
    public static final MentionRaidPolicy DEFAULT = new MentionRaidPolicy(Duration.ofSeconds(30), 20, 100);

    public MentionRaidPolicy {
        if (window.isNegative() || window.isZero() || maxPerAuthor < 1 || maxPerGuild < maxPerAuthor) {
            throw new IllegalArgumentException("window positive, 1 <= maxPerAuthor <= maxPerGuild");
        }
    }

    /** What a message adds to the window's sums: its unique mentions, and one for @everyone or @here. */
    public static int mentionsOf(MessageInput message) {
        return message.uniqueMentions() + (message.mentionsEveryone() ? 1 : 0);
    }

    /** The verdict on the sums over the window, this message's mentions included. */
    public Verdict judge(int authorMentionsInWindow, int guildMentionsInWindow) {
        if (authorMentionsInWindow > maxPerAuthor) {
            return Verdict.AUTHOR;
        }
        if (guildMentionsInWindow > maxPerGuild) {
            return Verdict.GUILD;
        }
        return Verdict.NONE;
    }
}
