package dev.concord.localstack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Finds each app's Spring Boot executable jar in its module's {@code target/}. The version is not
 * hard-coded: the newest {@code <module>-*-exec.jar} wins. A module whose fat jar replaced the plain
 * one (no {@code exec} classifier) is accepted too, recognised by the {@code Start-Class} Boot writes.
 */
public final class ExecJars {

    private ExecJars() {}

    /** The jar to run for {@code app}, if one has been built. */
    public static Optional<Path> find(Path repoRoot, App app) {
        Path target = repoRoot.resolve(app.module()).resolve("target");
        if (!Files.isDirectory(target)) {
            return Optional.empty();
        }
        String prefix = app.module() + "-";
        Optional<Path> exec = newest(target, name -> name.startsWith(prefix) && name.endsWith("-exec.jar"));
        if (exec.isPresent()) {
            return exec;
        }
        return newest(
                        target,
                        name -> name.startsWith(prefix)
                                && name.endsWith(".jar")
                                && !name.endsWith("-sources.jar")
                                && !name.endsWith("-tests.jar"))
                .filter(ExecJars::isBootJar);
    }

    /** Human-readable list of apps without a jar, each with the command that builds it; empty if none. */
    public static List<String> missing(Path repoRoot) {
        List<String> missing = new ArrayList<>();
        for (App app : App.values()) {
            if (find(repoRoot, app).isEmpty()) {
                missing.add(app.module() + " (./mvnw -q -B -pl " + app.module() + " -am install -DskipTests)");
            }
        }
        return missing;
    }

    private static Optional<Path> newest(Path dir, java.util.function.Predicate<String> nameMatches) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(path -> nameMatches.test(path.getFileName().toString()))
                    .max(Comparator.comparing(ExecJars::modified));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot list " + dir, e);
        }
    }

    private static boolean isBootJar(Path jar) {
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.getManifest() != null
                    && file.getManifest().getMainAttributes().getValue("Start-Class") != null;
        } catch (IOException e) {
            return false;
        }
    }

    private static long modified(Path path) {
        try {
            return Files.getLastModifiedTime(path).toMillis();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
