package dev.concord.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The gateway JVM seen from outside, on the same machine: resident memory and CPU time from
 * {@code /proc/<pid>}, and its heap after a full collection through {@code jcmd} (which also triggers
 * that collection). Linux only, as the local stack's own memory figure.
 */
final class GatewayProcess {

    /** A generation's line of {@code GC.heap_info}: "def new generation total 19648K, used 1234K [...]". */
    private static final Pattern USED = Pattern.compile("total \\d+K, used (\\d+)K");

    private final long pid;
    private final long nanosPerTick;

    GatewayProcess(long pid) throws IOException, InterruptedException {
        this.pid = pid;
        this.nanosPerTick =
                1_000_000_000L / Long.parseLong(run("getconf", "CLK_TCK").trim());
    }

    long pid() {
        return pid;
    }

    long rssBytes() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        }
        throw new IOException("no VmRSS for process " + pid);
    }

    /** User plus system CPU time of the whole process, at the kernel's clock-tick resolution (10 ms). */
    long cpuNanos() throws IOException {
        return userCpuNanos() + systemCpuNanos();
    }

    /** CPU time the process spent in its own code (the JVM's). */
    long userCpuNanos() throws IOException {
        return statField(11) * nanosPerTick;
    }

    /**
     * CPU time the kernel spent for the process: its system calls, which on loopback include delivering
     * every byte written to the receiving socket (the TCP stack runs the receiver's side in the sender's call).
     */
    long systemCpuNanos() throws IOException {
        return statField(12) * nanosPerTick;
    }

    /**
     * CPU time of the JIT compiler's threads: a young process compiles the fan-out's code while it runs it,
     * which is the JVM's start, not the cost of a frame.
     */
    long compilerCpuNanos() throws IOException {
        long ticks = 0;
        try (DirectoryStream<Path> threads = Files.newDirectoryStream(Path.of("/proc/" + pid + "/task"))) {
            for (Path thread : threads) {
                try {
                    // Thread names are cut to 15 characters here: "C2 CompilerThre".
                    if (Files.readString(thread.resolve("comm")).contains("CompilerThre")) {
                        String[] fields = fieldsOf(Files.readString(thread.resolve("stat")));
                        ticks += Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
                    }
                } catch (NoSuchFileException ended) {
                    // The thread ended while being read (compiler threads come and go with the load).
                }
            }
        }
        return ticks * nanosPerTick;
    }

    private long statField(int afterCommand) throws IOException {
        return Long.parseLong(fieldsOf(Files.readString(Path.of("/proc/" + pid + "/stat")))[afterCommand]);
    }

    private static String[] fieldsOf(String stat) {
        // The command name (field 2) may hold spaces; fields are counted after its closing parenthesis.
        return stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    }

    /** Heap in use right after a full collection (every generation's "used" summed). */
    long heapAfterGc() throws IOException, InterruptedException {
        run("jcmd", Long.toString(pid), "GC.run");
        String info = run("jcmd", Long.toString(pid), "GC.heap_info");
        Matcher used = USED.matcher(info);
        long kib = 0;
        boolean found = false;
        while (used.find()) {
            kib += Long.parseLong(used.group(1));
            found = true;
        }
        if (!found) {
            throw new IOException("GC.heap_info of process " + pid + " has no heap figures: " + info);
        }
        return kib * 1024;
    }

    /** The heap's class histogram (live objects only, after a full collection). */
    HeapHistogram classHistogram() throws IOException, InterruptedException {
        return HeapHistogram.parse(run("jcmd", Long.toString(pid), "GC.class_histogram"));
    }

    private static String run(String... command) throws IOException, InterruptedException {
        Process process =
                new ProcessBuilder(List.of(command)).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.waitFor() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + out);
        }
        return out;
    }
}
