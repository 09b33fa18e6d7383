package dev.concord.localstack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;

/**
 * Resident memory of the whole stack: this JVM (with Kafka inside), every app, Redis, and PostgreSQL
 * with its backends. PostgreSQL is looked up through its pid file because {@code pg_ctl} detaches the
 * server from whoever started it. Linux only ({@code /proc}); elsewhere there is no figure.
 *
 * <p>VmRSS counts shared pages (PostgreSQL's shared buffers, mapped jars) once per process, so the sum
 * errs on the high side, which is the right side for a memory budget.
 */
final class ProcessMemory {

    private ProcessMemory() {}

    /** Total VmRSS in bytes, or empty where {@code /proc} is unavailable. */
    static OptionalLong totalRss(Path postgresDataDir) {
        if (!Files.isDirectory(Path.of("/proc/self"))) {
            return OptionalLong.empty();
        }
        Set<Long> pids = new TreeSet<>();
        addTree(ProcessHandle.current(), pids);
        postmaster(postgresDataDir).flatMap(ProcessHandle::of).ifPresent(pg -> addTree(pg, pids));
        long total = 0;
        for (long pid : pids) {
            total += rssBytes(pid);
        }
        return OptionalLong.of(total);
    }

    private static void addTree(ProcessHandle root, Set<Long> pids) {
        pids.add(root.pid());
        root.descendants().forEach(handle -> pids.add(handle.pid()));
    }

    /** The first line of {@code postmaster.pid} is the server's pid. */
    private static Optional<Long> postmaster(Path dataDir) {
        try {
            List<String> lines = Files.readAllLines(dataDir.resolve("postmaster.pid"));
            return lines.isEmpty()
                    ? Optional.empty()
                    : Optional.of(Long.parseLong(lines.get(0).trim()));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** VmRSS of one process; 0 if it exited meanwhile or is a kernel thread without one. */
    private static long rssBytes(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException gone) {
            return 0;
        }
        return 0;
    }
}
