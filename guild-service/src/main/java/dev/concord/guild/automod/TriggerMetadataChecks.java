package dev.concord.guild.automod;

import static dev.concord.guild.automod.AutoModerationTypes.KEYWORD;
import static dev.concord.guild.automod.AutoModerationTypes.KEYWORD_PRESET;
import static dev.concord.guild.automod.AutoModerationTypes.MENTION_SPAM;
import static dev.concord.guild.automod.AutoModerationTypes.USER_PROFILE;

import com.google.re2j.PatternSyntaxException;
import dev.concord.platform.automod.AutomodRegex;
import dev.concord.platform.web.Violations;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The rules of a {@code trigger_metadata}, checked into violations under {@code trigger_metadata}: for a
 * trigger type, only the fields that type keeps (the others are dropped, so their content does not
 * matter); with no trigger type ({@code POST .../rules/validate}), every field.
 */
final class TriggerMetadataChecks {

    static final int MAX_KEYWORDS = 1000;
    static final int MAX_KEYWORD = 60;
    static final int MAX_PATTERNS = 10;
    static final int MAX_PATTERN = 260;
    /** Allowed words of a KEYWORD or USER_PROFILE rule. */
    static final int MAX_ALLOWED = 100;
    /** Allowed words of a KEYWORD_PRESET rule: the presets' lists are long, so are their exceptions. */
    static final int MAX_PRESET_ALLOWED = 1000;

    static final int MAX_ALLOWED_WORD = 60;
    static final int MAX_MENTIONS = 50;

    private TriggerMetadataChecks() {}

    /** The metadata of a rule of {@code triggerType}, or, for null, of a rule of any type. */
    static void check(Violations v, @Nullable Integer triggerType, TriggerMetadataRequest m) {
        boolean any = triggerType == null;
        int type = triggerType == null ? 0 : triggerType;
        boolean keywords = any || type == KEYWORD || type == USER_PROFILE;
        if (keywords) {
            words(v, "keyword_filter", m.keywordFilterOrNull(), MAX_KEYWORDS, MAX_KEYWORD);
            patterns(v, m.regexPatternsOrNull());
        }
        if (any || type == KEYWORD_PRESET) {
            presets(v, m.presetsOrNull());
        }
        if (keywords || type == KEYWORD_PRESET) {
            // Without a trigger type the largest limit any type allows applies: validation answers whether a
            // rule could keep this metadata, and a KEYWORD_PRESET rule keeps up to 1000 allowed words. The
            // rule's own type applies its own limit when the rule is made or changed.
            int max = any || type == KEYWORD_PRESET ? MAX_PRESET_ALLOWED : MAX_ALLOWED;
            words(v, "allow_list", m.allowListOrNull(), max, MAX_ALLOWED_WORD);
        }
        if (any || type == MENTION_SPAM) {
            if (!any) {
                // The platform answers the limit on every mention spam rule and names no default.
                v.required("mention_total_limit", m.mentionTotalLimitOrNull());
            }
            v.range("mention_total_limit", m.mentionTotalLimitOrNull(), 0, MAX_MENTIONS);
        }
    }

    private static void words(Violations v, String field, @Nullable List<String> words, int maxItems, int maxLength) {
        v.maxItems(field, words, maxItems);
        if (words == null) {
            return;
        }
        for (int i = 0; i < words.size(); i++) {
            v.at(field).required(Integer.toString(i), words.get(i));
            v.at(field).length(Integer.toString(i), words.get(i), 1, maxLength);
        }
    }

    /**
     * Each pattern must compile as RE2 does (the platform's patterns are Rust's regex flavour, another
     * linear-time RE2 descendant): backreferences and lookaround, which would make matching non-linear,
     * are refused with the pattern named.
     */
    private static void patterns(Violations v, @Nullable List<String> patterns) {
        words(v, "regex_patterns", patterns, MAX_PATTERNS, MAX_PATTERN);
        if (patterns == null) {
            return;
        }
        for (int i = 0; i < patterns.size(); i++) {
            String pattern = patterns.get(i);
            if (pattern == null || pattern.isEmpty() || pattern.length() > MAX_PATTERN) {
                continue;
            }
            try {
                AutomodRegex.compile(pattern);
            } catch (PatternSyntaxException e) {
                v.at("regex_patterns")
                        .add(
                                Integer.toString(i),
                                "AUTO_MODERATION_INVALID_REGEX",
                                "Invalid regex pattern: " + e.getDescription()
                                        + " (backreferences and lookaround are not supported)");
            }
        }
    }

    private static void presets(Violations v, @Nullable List<Integer> presets) {
        if (presets == null) {
            return;
        }
        for (int i = 0; i < presets.size(); i++) {
            v.at("presets").required(Integer.toString(i), presets.get(i));
            v.at("presets").oneOf(Integer.toString(i), presets.get(i), AutoModerationTypes.PRESETS);
        }
    }
}
