package dev.concord.localstack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/** Short-lived helper processes of the launcher. */
final class Commands {

    private Commands() {}

    /** The {@code java} of the JVM running the launcher: the apps run on exactly the same runtime. */
    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** Runs {@code command} to completion with its output in {@code log}; fails on a non-zero exit. */
    static void run(List<String> command, Path log) {
        try {
            Process process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            process.getOutputStream().close();
            int exit = process.waitFor();
            if (exit != 0) {
                throw new IllegalStateException(
                        String.join(" ", command) + " failed with exit code " + exit + "; see " + log);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot run " + command.get(0), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while running " + command.get(0), e);
        }
    }
}
