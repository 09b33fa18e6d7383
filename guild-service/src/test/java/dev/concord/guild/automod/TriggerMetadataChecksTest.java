package dev.concord.guild.automod;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TriggerMetadataChecksTest {

    @Test
    void patternsRe2RefusesAreNamedAndLinearOnesPass() {
        Violations v = new Violations();
        TriggerMetadataChecks.check(v, AutoModerationTypes.KEYWORD, patterns("(b|c)at", "(a)\\1", "(?=x)", "x(?!y)"));
        assertThat(refusedPatterns(v)).containsExactly("1", "2", "3");
    }

    @Test
    void theAllowListLimitDependsOnTheTriggerAndWithoutOneIsTheLargest() {
        TriggerMetadataRequest words = allowList(Collections.nCopies(101, "w"));
        assertThat(checked(AutoModerationTypes.KEYWORD, words).isEmpty()).isFalse();
        assertThat(checked(AutoModerationTypes.USER_PROFILE, words).isEmpty()).isFalse();
        assertThat(checked(AutoModerationTypes.KEYWORD_PRESET, words).isEmpty()).isTrue();
        assertThat(checked(null, words).isEmpty()).isTrue();
        assertThat(checked(null, allowList(Collections.nCopies(1001, "w"))).isEmpty())
                .isFalse();
        assertThat(checked(AutoModerationTypes.SPAM, words).isEmpty())
                .as("a SPAM rule drops the list unread")
                .isTrue();
    }

    @Test
    void actionsFollowTheirTriggers() {
        assertThat(AutoModerationTypes.allows(AutoModerationTypes.GUILD_POLICY, AutoModerationTypes.BLOCK_MESSAGE))
                .isFalse();
        assertThat(AutoModerationTypes.allows(AutoModerationTypes.GUILD_POLICY, AutoModerationTypes.SEND_ALERT_MESSAGE))
                .isTrue();
        assertThat(AutoModerationTypes.allows(AutoModerationTypes.MENTION_SPAM, AutoModerationTypes.TIMEOUT_USER))
                .isTrue();
        assertThat(AutoModerationTypes.allows(AutoModerationTypes.SPAM, AutoModerationTypes.TIMEOUT_USER))
                .isFalse();
        assertThat(AutoModerationTypes.allows(AutoModerationTypes.USER_PROFILE, AutoModerationTypes.QUARANTINE_USER))
                .isTrue();
        assertThat(AutoModerationTypes.allows(AutoModerationTypes.KEYWORD, AutoModerationTypes.QUARANTINE_USER))
                .isFalse();
        assertThat(AutoModerationTypes.eventTypeOf(AutoModerationTypes.USER_PROFILE))
                .isEqualTo(AutoModerationTypes.GUILD_MEMBER_EVENT);
        assertThat(AutoModerationTypes.maxRulesOf(AutoModerationTypes.KEYWORD)).isEqualTo(6);
        assertThat(AutoModerationTypes.maxRulesOf(AutoModerationTypes.GUILD_POLICY))
                .isEqualTo(1);
    }

    private static Violations checked(Integer trigger, TriggerMetadataRequest metadata) {
        Violations v = new Violations();
        TriggerMetadataChecks.check(v, trigger, metadata);
        return v;
    }

    /** The indexes of {@code regex_patterns} the violations name. */
    @SuppressWarnings("unchecked")
    private static Set<String> refusedPatterns(Violations v) {
        Map<String, Object> errors = Objects.requireNonNull(v.toException().errors());
        return ((Map<String, Object>) errors.get("regex_patterns")).keySet();
    }

    private static TriggerMetadataRequest patterns(String... patterns) {
        return new TriggerMetadataRequest(
                Possible.absent(),
                Possible.of(Optional.of(List.of(patterns))),
                Possible.absent(),
                Possible.absent(),
                Possible.absent(),
                Possible.absent());
    }

    private static TriggerMetadataRequest allowList(List<String> words) {
        return new TriggerMetadataRequest(
                Possible.absent(),
                Possible.absent(),
                Possible.absent(),
                Possible.of(Optional.of(words)),
                Possible.absent(),
                Possible.absent());
    }
}
