package dev.concord.platform.automod;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The platform's word lists for KEYWORD_PRESET rules; the value is the wire's preset type. Each list is a
 * resource of this package ({@code presets/<name>.txt}): one keyword per line with the same wildcards as a
 * rule's keyword_filter, {@code #} starting a comment line.
 */
public enum KeywordPreset {
    /** Words that may be considered swearing or cursing. */
    PROFANITY(1, "profanity"),
    /** Words that refer to sexually explicit behaviour or activity. */
    SEXUAL_CONTENT(2, "sexual-content"),
    /** Personal insults and words that may be considered hate speech. */
    SLURS(3, "slurs");

    private final int value;
    private final String resource;

    KeywordPreset(int value, String resource) {
        this.value = value;
        this.resource = resource;
    }

    public int value() {
        return value;
    }

    /** The preset with this wire value; an unknown value is refused. */
    public static KeywordPreset of(int value) {
        for (KeywordPreset preset : values()) {
            if (preset.value == value) {
                return preset;
            }
        }
        throw new IllegalArgumentException("unknown keyword preset " + value);
    }

    /** The list's keywords, in file order, read from the classpath once (on first use of any list). */
    public List<String> words() {
        return Lists.WORDS.get(ordinal());
    }

    /** Loaded lazily, so naming a preset (validation, wire mapping) never reads the files. */
    private static final class Lists {
        static final List<List<String>> WORDS = loadAll();

        private static List<List<String>> loadAll() {
            List<List<String>> words = new ArrayList<>();
            for (KeywordPreset preset : values()) {
                words.add(load("presets/" + preset.resource + ".txt"));
            }
            return List.copyOf(words);
        }
    }

    private static List<String> load(String name) {
        try (InputStream in = KeywordPreset.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing preset resource " + name);
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            List<String> words = new ArrayList<>();
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                String word = line.strip();
                if (!word.isEmpty() && !word.startsWith("#")) {
                    words.add(word);
                }
            }
            return List.copyOf(words);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
