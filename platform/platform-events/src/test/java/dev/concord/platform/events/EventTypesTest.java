package dev.concord.platform.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The catalog and the contract list the same types: a type added to one and not the other fails here. */
class EventTypesTest {

    /** The repository's docs/events.md, from this module's directory (where the build runs its tests). */
    private static final Path EVENTS_DOC = Path.of("../../docs/events.md");

    private static final Pattern TYPE = Pattern.compile("`([A-Z][A-Z_]+)`");

    @Test
    void theConstantsAreTheTypesDocsEventsMdLists() throws IOException {
        assertThat(constants()).isEqualTo(documented(Files.readAllLines(EVENTS_DOC)));
    }

    @Test
    void eachConstantIsItsOwnName() throws IllegalAccessException {
        for (Field field : EventTypes.class.getDeclaredFields()) {
            if (Modifier.isStatic(field.getModifiers())) {
                assertThat(field.get(null)).isEqualTo(field.getName());
            }
        }
    }

    private static Set<String> constants() {
        return new TreeSet<>(Arrays.stream(EventTypes.class.getDeclaredFields())
                .filter(field -> Modifier.isPublic(field.getModifiers()) && Modifier.isStatic(field.getModifiers()))
                .map(Field::getName)
                .toList());
    }

    /**
     * The first column of the tables under "## Types", and the types of the paragraph "Consumed without a
     * producer here yet".
     */
    private static Set<String> documented(List<String> lines) {
        Set<String> types = new TreeSet<>();
        boolean inTypes = false;
        boolean inConsumed = false;
        for (String line : lines) {
            if (line.startsWith("## ")) {
                inTypes = line.equals("## Types");
                continue;
            }
            if (!inTypes) {
                continue;
            }
            if (line.startsWith("| `")) {
                types.addAll(typesIn(line.substring(1, line.indexOf('|', 1))));
            }
            if (line.startsWith("Consumed without a producer here yet")) {
                inConsumed = true;
            }
            if (inConsumed) {
                if (line.isBlank()) {
                    inConsumed = false;
                } else {
                    types.addAll(typesIn(line));
                }
            }
        }
        return types;
    }

    private static List<String> typesIn(String text) {
        Matcher matcher = TYPE.matcher(text);
        return matcher.results().map(result -> result.group(1)).toList();
    }
}
