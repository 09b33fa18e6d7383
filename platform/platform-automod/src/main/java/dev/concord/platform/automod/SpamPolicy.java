package dev.concord.platform.automod;

import java.time.Duration;

/**
 * When repeated content is spam: more than {@code maxRepeats} messages with one {@link SpamFingerprint}
 * from one author in one guild within {@code window}. The caller keeps the counts (for at least the
 * window) and asks; the policy itself holds no state.
 */
public record SpamPolicy(Duration window, int maxRepeats) {

    /** Four identical messages within 30 seconds: the fourth is spam. */
    public static final SpamPolicy DEFAULT = new SpamPolicy(Duration.ofSeconds(30), 3);

    public SpamPolicy {
        if (window.isNegative() || window.isZero() || maxRepeats < 1) {
            throw new IllegalArgumentException("window must be positive and maxRepeats at least 1");
        }
    }

    /** Whether the message is spam, given how many with its fingerprint the window holds, itself included. */
    public boolean isSpam(int repeatsInWindow) {
        return repeatsInWindow > maxRepeats;
    }
}
