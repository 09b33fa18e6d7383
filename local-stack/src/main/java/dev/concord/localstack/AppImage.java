package dev.concord.localstack;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * An app's jar unpacked the way its container image is built ({@code -Djarmode=tools extract}), plus a
 * class-data-sharing archive of the classes it loads. Seven Spring JVMs starting at once on two cores
 * spend most of their start parsing and verifying the same classes; with the archive that work is done
 * once, which halves each start's CPU time. The application code and its configuration are unchanged.
 *
 * <p>The archive is written when the app exits after its first run and used from the second run on.
 * Everything is keyed by the jar's content and the JVM, so a changed app or another JDK starts afresh.
 */
final class AppImage {

    private final Path dir;
    private final Path jar;

    private AppImage(Path dir, Path jar) {
        this.dir = dir;
        this.jar = jar;
    }

    /** Unpacks {@code bootJar} under {@code stateDir/apps/<app>/} unless this exact jar already is. */
    static AppImage prepare(App app, Path bootJar, Path stateDir, Path logDir) {
        Path home = stateDir.resolve("apps").resolve(app.shortName());
        Path dir = home.resolve(fingerprint(bootJar));
        Path unpacked = dir.resolve("app");
        Path done = dir.resolve("extracted");
        if (!Files.exists(done)) {
            StateFiles.deleteRecursively(home);
            // A short job on cores the servers are starting on: the quick compiler and collector suffice.
            Commands.run(
                    List.of(
                            Commands.java(),
                            "-XX:TieredStopAtLevel=1",
                            "-XX:+UseSerialGC",
                            "-Djarmode=tools",
                            "-jar",
                            bootJar.toString(),
                            "extract",
                            "--destination",
                            unpacked.toString()),
                    logDir.resolve(app.shortName() + "-extract.log"));
            StateFiles.touch(done);
        }
        return new AppImage(dir, unpacked.resolve(bootJar.getFileName()));
    }

    /** The JVM arguments that run the app: use the archive if there is one, else record it at exit. */
    List<String> launchArguments() {
        String cds =
                isRecording() ? "-XX:ArchiveClassesAtExit=" + pendingArchive() : "-XX:SharedArchiveFile=" + archive();
        return List.of(cds, "-jar", jar.toString());
    }

    /** The class its {@code java -jar} runs, from the jar's manifest. */
    String mainClass() {
        String main = manifest().getValue(Attributes.Name.MAIN_CLASS);
        if (main == null) {
            throw new IllegalStateException(jar + " names no Main-Class");
        }
        return main;
    }

    /**
     * The app's classes, then its libraries in the order of its manifest's {@code Class-Path}, as the JVM
     * reads them. The classes as a directory: a class loader given the jar would also follow that
     * {@code Class-Path} and load every library a second time, shared or not.
     */
    List<Path> classpath() {
        List<Path> classpath = new ArrayList<>();
        classpath.add(classes());
        String entries = manifest().getValue(Attributes.Name.CLASS_PATH);
        if (entries != null) {
            for (String entry : entries.trim().split("\\s+")) {
                classpath.add(jar.resolveSibling(entry));
            }
        }
        return classpath;
    }

    /** The jar's content unpacked once, next to it. */
    private Path classes() {
        Path classes = dir.resolve("classes");
        Path done = dir.resolve("classes-unpacked");
        if (Files.exists(done)) {
            return classes;
        }
        StateFiles.deleteRecursively(classes);
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (ZipEntry entry : zip.stream().filter(e -> !e.isDirectory()).toList()) {
                Path target = classes.resolve(entry.getName()).normalize();
                if (!target.startsWith(classes)) {
                    throw new IllegalStateException(jar + " has an entry outside its root: " + entry.getName());
                }
                Files.createDirectories(target.getParent());
                try (InputStream in = zip.getInputStream(entry)) {
                    Files.copy(in, target);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot unpack " + jar, e);
        }
        StateFiles.touch(done);
        return classes;
    }

    private Attributes manifest() {
        try (JarFile file = new JarFile(jar.toFile())) {
            var manifest = file.getManifest();
            if (manifest == null) {
                throw new IllegalStateException(jar + " has no manifest");
            }
            return manifest.getMainAttributes();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + jar, e);
        }
    }

    /** True until a run has left an archive behind. */
    boolean isRecording() {
        return !Files.isRegularFile(archive());
    }

    /**
     * Keeps the archive the app wrote on exit, unless it was killed (exit 137), which may have cut the
     * file short. Until kept, it is under a temporary name that no start ever uses.
     */
    void keepArchive(int exitValue) {
        Path pending = pendingArchive();
        try {
            if (exitValue != 137 && Files.size(pending) > 0) {
                Files.move(pending, archive(), StandardCopyOption.ATOMIC_MOVE);
            } else {
                Files.deleteIfExists(pending);
            }
        } catch (IOException noArchiveWritten) {
            // Nothing to keep: the next run records one.
        }
    }

    private Path archive() {
        return dir.resolve("classes.jsa");
    }

    private Path pendingArchive() {
        return dir.resolve("classes.jsa.pending");
    }

    /**
     * What the jar holds (each entry's name, size and CRC, read from its directory without unpacking)
     * and which JVM runs it. Not the file's time stamp: every build rewrites the jar, and an unchanged
     * app should keep its unpacked copy and archive; a changed one, or another JDK, starts afresh.
     */
    private static String fingerprint(Path jar) {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            zip.stream()
                    .forEach(entry ->
                            digest.update((entry.getName() + "|" + entry.getSize() + "|" + entry.getCrc() + "\n")
                                    .getBytes(StandardCharsets.UTF_8)));
            digest.update((System.getProperty("java.home") + "|" + System.getProperty("java.vm.version"))
                    .getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest.digest(), 0, 8);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + jar, e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
