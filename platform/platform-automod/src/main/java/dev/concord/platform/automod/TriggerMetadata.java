package dev.concord.platform.automod;

import java.util.List;
import java.util.Set;

/**
 * A rule's trigger_metadata; the fields a trigger type does not use are empty (or 0 / false).
 *
 * @param keywordFilter KEYWORD and USER_PROFILE: keywords and phrases, {@code *} at either end a wildcard
 * @param regexPatterns KEYWORD and USER_PROFILE: patterns, matched case-insensitively
 * @param presets KEYWORD_PRESET: the platform's word lists
 * @param allowList KEYWORD, KEYWORD_PRESET and USER_PROFILE: keywords (same wildcards) whose words never
 *     trigger the rule
 * @param mentionTotalLimit MENTION_SPAM: unique user and role mentions allowed in one message
 * @param mentionRaidProtectionEnabled MENTION_SPAM: whether the caller should watch for mention raids
 */
public record TriggerMetadata(
        List<String> keywordFilter,
        List<String> regexPatterns,
        Set<KeywordPreset> presets,
        List<String> allowList,
        int mentionTotalLimit,
        boolean mentionRaidProtectionEnabled) {

    public static final TriggerMetadata NONE = new TriggerMetadata(List.of(), List.of(), Set.of(), List.of(), 0, false);

    public TriggerMetadata {
        keywordFilter = List.copyOf(keywordFilter);
        regexPatterns = List.copyOf(regexPatterns);
        presets = Set.copyOf(presets);
        allowList = List.copyOf(allowList);
    }

    /** KEYWORD or USER_PROFILE metadata. */
    public static TriggerMetadata keywords(
            List<String> keywordFilter, List<String> regexPatterns, List<String> allowList) {
        return new TriggerMetadata(keywordFilter, regexPatterns, Set.of(), allowList, 0, false);
    }

    /** KEYWORD_PRESET metadata. */
    public static TriggerMetadata presets(Set<KeywordPreset> presets, List<String> allowList) {
        return new TriggerMetadata(List.of(), List.of(), presets, allowList, 0, false);
    }

    /** MENTION_SPAM metadata. */
    public static TriggerMetadata mentions(int mentionTotalLimit, boolean mentionRaidProtectionEnabled) {
        return new TriggerMetadata(
                List.of(), List.of(), Set.of(), List.of(), mentionTotalLimit, mentionRaidProtectionEnabled);
    }
}
