package dev.concord.localstack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** File operations on the state directory. */
final class StateFiles {

    private StateFiles() {}

    static void deleteRecursively(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            // Deepest first, so every directory is empty by the time it is deleted.
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot delete " + root, e);
        }
    }

    /** Creates an empty marker file (and its directories); it is written last, so it marks completed work. */
    static void touch(Path file) {
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, new byte[0]);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create " + file, e);
        }
    }
}
