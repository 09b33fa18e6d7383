package dev.concord.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Each run starts without data from an earlier one: no database, broker log, keys or logs. The
 * unpacked apps and their class-data archives ({@code apps/}) are kept, as they only speed the start
 * up and are renewed whenever a jar changes. Wiped before the run, not after, so the apps' logs stay
 * there for a failure's analysis.
 */
final class StateDirectory {

    private static final String KEPT = "apps";

    private StateDirectory() {}

    static void wipeData(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            // Deepest first, so every directory is empty by the time it is deleted.
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                if (!path.equals(dir) && !dir.relativize(path).startsWith(KEPT)) {
                    Files.delete(path);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot wipe " + dir, e);
        }
    }
}
