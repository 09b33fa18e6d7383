package dev.concord.bench;

import java.util.Map;
import java.util.stream.Collectors;

/** How the load clients print what they measured: quantiles of sorted timings, sizes, failures counted by kind. */
final class Figures {

    private Figures() {}

    /**
     * The {@code quantile} of {@code sorted} nanoseconds, in milliseconds (the nearest rank); an entry of
     * {@link Long#MAX_VALUE} stands for a round that never completed, and reads as infinity.
     */
    static double millis(long[] sorted, double quantile) {
        long value = sorted[(int) Math.min(sorted.length - 1, Math.max(0, Math.ceil(quantile * sorted.length) - 1))];
        return value == Long.MAX_VALUE ? Double.POSITIVE_INFINITY : value / 1e6;
    }

    /** p50 / p90 / p99 / max of {@code sorted} nanoseconds, in milliseconds, as a summary row shows them. */
    static String quantiles(long[] sorted) {
        return String.format(
                "p50 %.1f / p90 %.1f / p99 %.1f / max %.1f ms",
                millis(sorted, 0.50), millis(sorted, 0.90), millis(sorted, 0.99), millis(sorted, 1.0));
    }

    /** " (x % of the hello's y req/s)" for a rate beside the run's hello ceiling; "" when it was not measured. */
    static String shareOfHello(double perSecond, double hello) {
        return hello > 0 ? String.format(" (%.3f %% of the hello's %,.0f req/s)", 100 * perSecond / hello, hello) : "";
    }

    /** Prints the head of a client's closing table, which can be pasted into docs/benchmarks.md. */
    static void printSummaryHead(String target) {
        System.out.printf("%n== summary, %s%n", target);
        System.out.println("| what | figure | target |");
        System.out.println("|---|---|---|");
    }

    static String mib(long bytes) {
        return String.format("%.1f MiB", bytes / 1048576.0);
    }

    /** "kind: count; kind: count", or "none". */
    static String summary(Map<String, Long> failures) {
        return failures.isEmpty()
                ? "none"
                : failures.entrySet().stream()
                        .map(e -> e.getKey() + ": " + e.getValue())
                        .collect(Collectors.joining("; "));
    }
}
