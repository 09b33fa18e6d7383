package dev.concord.platform.automod;

import com.google.re2j.PatternSyntaxException;
import java.util.Optional;

/**
 * What the rule endpoints check before storing trigger metadata, so that every stored entry is one the
 * engine can use. Each method answers the problem in words, empty when the entry is fine.
 */
public final class AutomodValidation {

    public static final int MAX_KEYWORD_LENGTH = 60;
    public static final int MAX_REGEX_LENGTH = 260;

    private AutomodValidation() {}

    /** A keyword_filter or allow_list entry: 1-60 characters with something besides wildcards. */
    public static Optional<String> keywordProblem(String keyword) {
        if (keyword.isEmpty() || keyword.length() > MAX_KEYWORD_LENGTH) {
            return Optional.of("Must be between 1 and " + MAX_KEYWORD_LENGTH + " in length.");
        }
        if (Keyword.parse(keyword) == null) {
            return Optional.of("Must contain more than wildcards and whitespace.");
        }
        return Optional.empty();
    }

    /** A regex_patterns entry: 1-260 characters, compiling in the engine's (RE2) syntax. */
    public static Optional<String> regexProblem(String pattern) {
        if (pattern.isEmpty() || pattern.length() > MAX_REGEX_LENGTH) {
            return Optional.of("Must be between 1 and " + MAX_REGEX_LENGTH + " in length.");
        }
        try {
            AutomodRegex.compile(pattern);
            return Optional.empty();
        } catch (PatternSyntaxException e) {
            return Optional.of("Invalid regex: " + e.getDescription());
        }
    }

    /** Whether the pattern compiles and fits the length limit. */
    public static boolean regexCompiles(String pattern) {
        return regexProblem(pattern).isEmpty();
    }
}
