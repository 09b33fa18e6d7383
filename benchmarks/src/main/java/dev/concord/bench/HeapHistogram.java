package dev.concord.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A parsed {@code jcmd GC.class_histogram}: instances and bytes per class. Two of them, taken before and
 * after sockets were opened, say what each socket keeps by class, which the largest classes alone hide
 * under what the process held before (its caches, Kafka's buffers, the loaded classes).
 */
final class HeapHistogram {

    /** {@code "   1:        123456       7890123  [B (java.base@17.0.15)"}: rank, instances, bytes, class. */
    private static final Pattern ROW = Pattern.compile("^\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S+)");

    private record Count(long instances, long bytes) {}

    private final Map<String, Count> byClass;

    private HeapHistogram(Map<String, Count> byClass) {
        this.byClass = byClass;
    }

    static HeapHistogram parse(String jcmdOutput) {
        Map<String, Count> byClass = new HashMap<>();
        for (String line : jcmdOutput.split("\n")) {
            Matcher row = ROW.matcher(line);
            if (row.find()) {
                byClass.merge(
                        row.group(3),
                        new Count(Long.parseLong(row.group(1)), Long.parseLong(row.group(2))),
                        (a, b) -> new Count(a.instances + b.instances, a.bytes + b.bytes));
            }
        }
        return new HeapHistogram(byClass);
    }

    /**
     * The classes that grew most from {@code before} to this one, as a Markdown table of instances and
     * bytes per socket, and the total growth per socket.
     */
    String growthPerSocket(HeapHistogram before, int sockets, int rows) {
        return growthPer(before, sockets, "socket", rows);
    }

    /**
     * The classes that grew most from {@code before} to this one, as a Markdown table of instances and
     * bytes per {@code unit} (a socket, an upload), and the total growth per {@code unit}.
     */
    String growthPer(HeapHistogram before, int count, String unit, int rows) {
        record Growth(String type, long instances, long bytes) {}
        List<Growth> growth = new ArrayList<>();
        long total = 0;
        for (Map.Entry<String, Count> entry : byClass.entrySet()) {
            Count was = before.byClass.getOrDefault(entry.getKey(), new Count(0, 0));
            long bytes = entry.getValue().bytes - was.bytes;
            total += bytes;
            growth.add(new Growth(entry.getKey(), entry.getValue().instances - was.instances, bytes));
        }
        for (Map.Entry<String, Count> entry : before.byClass.entrySet()) {
            if (!byClass.containsKey(entry.getKey())) {
                total -= entry.getValue().bytes;
            }
        }
        growth.sort((a, b) -> Long.compare(b.bytes, a.bytes));
        StringBuilder table = new StringBuilder()
                .append(String.format(
                        "live heap grew by %.1f KiB per %s over %,d %ss; the classes that grew most:%n",
                        total / 1024.0 / count, unit, count, unit))
                .append(String.format("| class | instances per %s | bytes per %s |%n|---|---|---|%n", unit, unit));
        for (Growth row : growth.subList(0, Math.min(rows, growth.size()))) {
            table.append(String.format(
                    "| `%s` | %.2f | %.0f |%n", row.type, (double) row.instances / count, (double) row.bytes / count));
        }
        return table.toString();
    }
}
