package dev.concord.platform.automod;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The rules judged on one event (a message, or a member's profile), each in a slot: their keywords,
 * preset words and allow lists in one {@link KeywordIndex}, their regexes in one {@link RegexSet}.
 */
final class CompiledRules {

    private final AutomodRule[] rules;
    private final boolean[] hasKeywords;
    private final boolean[] hasAllowList;
    private final @Nullable KeywordIndex keywords;
    private final @Nullable RegexSet regexes;

    CompiledRules(List<AutomodRule> rules) {
        this.rules = rules.toArray(new AutomodRule[0]);
        hasKeywords = new boolean[rules.size()];
        hasAllowList = new boolean[rules.size()];
        List<KeywordIndex.Entry> entries = new ArrayList<>();
        List<List<String>> patterns = new ArrayList<>();
        for (int r = 0; r < rules.size(); r++) {
            AutomodRule rule = rules.get(r);
            TriggerMetadata metadata = rule.metadata();
            List<String> words = new ArrayList<>();
            List<String> regexSources = List.of();
            switch (rule.triggerType()) {
                case KEYWORD, USER_PROFILE -> {
                    words.addAll(metadata.keywordFilter());
                    regexSources = metadata.regexPatterns();
                }
                case KEYWORD_PRESET -> {
                    for (KeywordPreset preset : KeywordPreset.values()) {
                        if (metadata.presets().contains(preset)) {
                            words.addAll(preset.words());
                        }
                    }
                }
                default -> {
                    // Judged without text (MENTION_SPAM) or not here (SPAM, GUILD_POLICY).
                }
            }
            for (String word : words) {
                Keyword keyword = Keyword.parse(word);
                if (keyword != null) {
                    entries.add(new KeywordIndex.Entry(r, keyword, false));
                    hasKeywords[r] = true;
                }
            }
            if (!words.isEmpty() || !regexSources.isEmpty()) {
                for (String word : metadata.allowList()) {
                    Keyword keyword = Keyword.parse(word);
                    if (keyword != null) {
                        entries.add(new KeywordIndex.Entry(r, keyword, true));
                        hasAllowList[r] = true;
                    }
                }
            }
            patterns.add(regexSources);
        }
        regexes = RegexSet.build(patterns);
        if (regexes != null) {
            for (int r = 0; r < rules.size(); r++) {
                RegexHints[] hints = regexes.hints(r);
                for (int k = 0; k < hints.length; k++) {
                    for (String literal : hints[k].literals()) {
                        Keyword keyword = Keyword.parse(literal);
                        if (keyword != null) {
                            Keyword anywhere = new Keyword(
                                    literal, keyword.folded(), true, true, keyword.firstIsWord(), keyword.lastIsWord());
                            entries.add(new KeywordIndex.Entry(r, anywhere, false, k));
                        }
                    }
                }
            }
        }
        keywords = KeywordIndex.build(entries);
    }

    @Nullable
    KeywordIndex keywordIndex() {
        return keywords;
    }

    int size() {
        return rules.length;
    }

    AutomodRule rule(int slot) {
        return rules[slot];
    }

    boolean hasKeywords(int slot) {
        return hasKeywords[slot];
    }

    boolean hasAllowList(int slot) {
        return hasAllowList[slot];
    }

    boolean hasRegexes(int slot) {
        return regexes != null && regexes.hasPatterns(slot);
    }

    /**
     * Judges the texts in order for the active rules, filling {@code found} (by slot) with each rule's
     * first trigger: its keywords first, then its regexes, text by text.
     */
    void judgeTexts(List<String> texts, List<MatchSource> sources, boolean[] active, @Nullable Trigger[] found) {
        KeywordScan scan = keywords == null ? null : new KeywordScan(this, keywords, active, found);
        for (int t = 0; t < texts.size(); t++) {
            String text = texts.get(t);
            MatchSource source = sources.get(t);
            KeywordScan scanned = null;
            if (scan != null && scan.worthScanning()) {
                scan.scan(text, source);
                scanned = scan;
            }
            if (regexes != null && regexesPending(active, found)) {
                for (int r = 0; r < rules.length; r++) {
                    if (active[r] && found[r] == null && regexes.hasPatterns(r)) {
                        // Unscanned (no keyword index: no literal hints either), every pattern runs.
                        int toRun = scanned == null
                                ? -1
                                : regexes.toRun(r, scanned.hinted(r), scanned.digits(), scanned.sawNonAscii());
                        found[r] = regexes.firstMatch(r, toRun, rules[r], text, source, scanned);
                    }
                }
            }
        }
    }

    private boolean regexesPending(boolean[] active, @Nullable Trigger[] found) {
        for (int r = 0; r < rules.length; r++) {
            if (active[r] && found[r] == null && hasRegexes(r)) {
                return true;
            }
        }
        return false;
    }
}
