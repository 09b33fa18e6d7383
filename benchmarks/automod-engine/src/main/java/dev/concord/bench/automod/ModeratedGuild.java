package dev.concord.bench.automod;

import dev.concord.platform.automod.AutomodAction;
import dev.concord.platform.automod.AutomodRule;
import dev.concord.platform.automod.KeywordPreset;
import dev.concord.platform.automod.TriggerMetadata;
import dev.concord.platform.automod.TriggerType;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * A guild at the platform's limits, generated from a seed: 6 KEYWORD rules of 1,000 keywords each
 * (invented words, about 40 % whole words, 20 % each prefix, suffix and anywhere, one in twenty a
 * two-word phrase) with 20 allow-list entries each, the first rule also carrying 10 regexes (one of
 * them catastrophic for a backtracking engine); a KEYWORD_PRESET rule with all three lists; a
 * MENTION_SPAM rule. Plus English-like prose to judge, and text built to make backtracking explode.
 */
record ModeratedGuild(List<AutomodRule> rules) {

    static final int KEYWORD_RULES = 6;
    static final int KEYWORDS_PER_RULE = 1000;

    /** What moderators write: invites, links, contacts, scams, evasions; the last one catastrophic. */
    static final List<String> REGEXES = List.of(
            "discord(?:\\.gg|app\\.com/invite|\\.com/invite)/[a-z0-9-]+",
            "https?://(?:bit\\.ly|tinyurl\\.com|goo\\.gl)/\\S+",
            "[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}",
            "(?:\\+?\\d{1,3}[ .-]?)?\\(?\\d{3}\\)?[ .-]?\\d{3}[ .-]?\\d{4}",
            "free\\s*(?:discord\\s*)?nitro",
            "steam\\s*(?:gift|community)\\s*(?:card|giveaway)",
            "\\b(?:\\d{1,3}\\.){3}\\d{1,3}\\b",
            "(?:[\\x{0300}-\\x{036F}]){6,}",
            "(?:lo+l\\s*){5,}",
            "(\\w+\\s?)+\\$\\$\\$$");

    private static final String[] SYLLABLES = {
        "ka", "zu", "vor", "pli", "qe", "dax", "mo", "ryn", "tes", "glo", "fen", "ix", "bru", "ok", "wy", "zel", "un",
        "jar", "sko", "ve", "thu", "pa", "lox", "ci", "dre", "yom", "hak", "ni", "quo", "bex"
    };

    /** Common English words; prose is drawn from them, so like real messages it mostly triggers nothing. */
    private static final String[] WORDS =
            ("the of and to in is you that it he was for on are as with his they at be this have from or one "
                            + "had by word but not what all were we when your can said there use an each which she do how "
                            + "their if will up other about out many then them these so some her would make like him into "
                            + "time has look two more write go see number no way could people my than first water been call "
                            + "who oil its now find long down day did get come made may part game server voice channel "
                            + "tonight anyone playing later stream build patch update raid team match friends thanks lol "
                            + "nice good great really think know want need sure yeah okay maybe tomorrow weekend music")
                    .split(" ");

    static ModeratedGuild generate(long seed) {
        Random random = new Random(seed);
        List<AutomodRule> rules = new ArrayList<>();
        for (int r = 0; r < KEYWORD_RULES; r++) {
            Set<String> keywords = new LinkedHashSet<>();
            while (keywords.size() < KEYWORDS_PER_RULE) {
                keywords.add(keyword(random));
            }
            List<String> allow = new ArrayList<>();
            for (int a = 0; a < 20; a++) {
                allow.add(word(random, 3));
            }
            List<String> regexes = r == 0 ? REGEXES : List.of();
            rules.add(new AutomodRule(
                    1000 + r,
                    TriggerType.KEYWORD,
                    TriggerMetadata.keywords(List.copyOf(keywords), regexes, allow),
                    List.of(AutomodAction.blockMessage(null), AutomodAction.sendAlert(42)),
                    true,
                    Set.of(7L),
                    Set.of(8L)));
        }
        rules.add(new AutomodRule(
                2000,
                TriggerType.KEYWORD_PRESET,
                TriggerMetadata.presets(Set.of(KeywordPreset.values()), List.of("crap", "damn")),
                List.of(AutomodAction.blockMessage(null)),
                true,
                Set.of(),
                Set.of()));
        rules.add(new AutomodRule(
                3000,
                TriggerType.MENTION_SPAM,
                TriggerMetadata.mentions(20, true),
                List.of(AutomodAction.blockMessage(null)),
                true,
                Set.of(),
                Set.of()));
        return new ModeratedGuild(List.copyOf(rules));
    }

    private static String keyword(Random random) {
        String word = word(random, 2 + random.nextInt(3));
        if (random.nextInt(20) == 0) {
            word = word + " " + word(random, 2);
        }
        int kind = random.nextInt(10);
        if (kind < 4) {
            return word;
        }
        if (kind < 6) {
            return word + "*";
        }
        if (kind < 8) {
            return "*" + word;
        }
        return "*" + word + "*";
    }

    private static String word(Random random, int syllables) {
        StringBuilder word = new StringBuilder();
        for (int s = 0; s < syllables; s++) {
            word.append(SYLLABLES[random.nextInt(SYLLABLES.length)]);
        }
        return word.toString();
    }

    /**
     * English-like prose of exactly {@code length} characters: sentences of common words, some punctuation,
     * a number one word in forty.
     */
    static String prose(Random random, int length) {
        StringBuilder text = new StringBuilder(length + 16);
        boolean sentenceStart = true;
        while (text.length() < length) {
            // Now and then a number ("at 9", "2 more"), which wakes the regexes that need a digit.
            String word = random.nextInt(40) == 0
                    ? Integer.toString(random.nextInt(1000))
                    : WORDS[random.nextInt(WORDS.length)];
            if (sentenceStart) {
                word = Character.toUpperCase(word.charAt(0)) + word.substring(1);
            }
            text.append(word);
            int mark = random.nextInt(12);
            sentenceStart = mark == 0;
            text.append(mark == 0 ? ". " : mark == 1 ? ", " : " ");
        }
        text.setLength(length);
        return text.toString();
    }

    /**
     * A text on which the catastrophic regex backtracks exponentially: one long word, then "$$$" (so its
     * literal hint lets it run) but not at the end.
     */
    static String pathological(int length) {
        return "a".repeat(Math.max(0, length - 4)) + "$$$!";
    }
}
