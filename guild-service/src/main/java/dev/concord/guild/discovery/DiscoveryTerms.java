package dev.concord.guild.discovery;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.springframework.core.io.ClassPathResource;
import org.springframework.stereotype.Component;

/**
 * The words discovery refuses in a search term or a keyword, shipped as {@code discovery/banned-terms.txt}:
 * a term is valid unless one of its words (letters and digits, case-insensitive) is listed.
 */
@Component
final class DiscoveryTerms {

    private static final Pattern WORD_SEPARATORS = Pattern.compile("[^\\p{L}\\p{N}]+");

    private final Set<String> banned;

    DiscoveryTerms() {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                new ClassPathResource("discovery/banned-terms.txt").getInputStream(), StandardCharsets.UTF_8))) {
            banned = reader.lines()
                    .map(String::strip)
                    .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                    .map(line -> line.toLowerCase(Locale.ROOT))
                    .collect(Collectors.toUnmodifiableSet());
        } catch (IOException e) {
            throw new UncheckedIOException("discovery/banned-terms.txt is unreadable", e);
        }
    }

    boolean isValid(String term) {
        return bannedIn(term).isEmpty();
    }

    /** The banned words in {@code text}, each once, in the order they come. */
    List<String> bannedIn(String text) {
        return Arrays.stream(WORD_SEPARATORS.split(text.toLowerCase(Locale.ROOT)))
                .filter(banned::contains)
                .distinct()
                .toList();
    }
}
