package dev.concord.platform.automod;

import java.util.List;
import java.util.Set;

/** Small builders for the tests. */
final class Rules {

    private Rules() {}

    static AutomodRule keywords(long id, List<String> keywords) {
        return AutomodRule.of(id, TriggerType.KEYWORD, TriggerMetadata.keywords(keywords, List.of(), List.of()));
    }

    static AutomodRule keywords(long id, List<String> keywords, List<String> allow) {
        return AutomodRule.of(id, TriggerType.KEYWORD, TriggerMetadata.keywords(keywords, List.of(), allow));
    }

    static AutomodRule regexes(long id, List<String> regexes, List<String> allow) {
        return AutomodRule.of(id, TriggerType.KEYWORD, TriggerMetadata.keywords(List.of(), regexes, allow));
    }

    static AutomodRule presets(long id, Set<KeywordPreset> presets, List<String> allow) {
        return AutomodRule.of(id, TriggerType.KEYWORD_PRESET, TriggerMetadata.presets(presets, allow));
    }

    static List<Trigger> judge(AutomodRule rule, String content) {
        return GuildRules.compile(List.of(rule)).judgeMessage(MessageInput.of(content, 1));
    }

    /** The matched content of the only rule's trigger, or null when it does not trigger. */
    static String matched(AutomodRule rule, String content) {
        List<Trigger> triggers = judge(rule, content);
        return triggers.isEmpty() ? null : triggers.get(0).matchedContent();
    }
}
