package dev.concord.platform.automod;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** What a stateful caller asks the engine for SPAM and mention raids. */
class StatefulPoliciesTest {

    @Test
    void fingerprintsIgnoreCaseSpacingPunctuationAndInvisibleCharacters() {
        long fingerprint = SpamFingerprint.of("BUY NOW!! cheap");
        assertThat(SpamFingerprint.of("buy   now, cheap")).isEqualTo(fingerprint);
        assertThat(SpamFingerprint.of("b\u200Buy now cheap")).isEqualTo(fingerprint);
        assertThat(SpamFingerprint.of("buy now cheaper")).isNotEqualTo(fingerprint);
        assertThat(SpamFingerprint.of("now buy cheap")).isNotEqualTo(fingerprint);
        assertThat(SpamFingerprint.of("!!! ...")).isEqualTo(SpamFingerprint.NONE);
        assertThat(SpamFingerprint.of("")).isEqualTo(SpamFingerprint.NONE);
    }

    @Test
    void spamPolicy() {
        SpamPolicy policy = SpamPolicy.DEFAULT;
        assertThat(policy.isSpam(3)).isFalse();
        assertThat(policy.isSpam(4)).isTrue();
        assertThatThrownBy(() -> new SpamPolicy(Duration.ZERO, 3)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void mentionRaidPolicy() {
        MentionRaidPolicy policy = new MentionRaidPolicy(Duration.ofSeconds(30), 20, 100);
        assertThat(policy.judge(20, 100)).isEqualTo(MentionRaidPolicy.Verdict.NONE);
        assertThat(policy.judge(21, 21)).isEqualTo(MentionRaidPolicy.Verdict.AUTHOR);
        assertThat(policy.judge(5, 101)).isEqualTo(MentionRaidPolicy.Verdict.GUILD);
        assertThat(MentionRaidPolicy.mentionsOf(MessageInput.of("hi", 1).withMentions(3, true)))
                .isEqualTo(4);
        assertThatThrownBy(() -> new MentionRaidPolicy(Duration.ofSeconds(1), 10, 5))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
