package dev.concord.bench;

import java.io.IOException;

/**
 * A JVM's memory at one moment, read from outside: its heap in use and its resident set, both right after a
 * full collection ({@link GatewayProcess#heapAfterGc} triggers it). Read so before and after, the difference
 * is what the moment in between added, not how much garbage either happened to hold.
 */
record JvmMemory(long rss, long heap) {

    private static final double MIB = 1024.0 * 1024.0;

    static JvmMemory of(GatewayProcess process) throws IOException, InterruptedException {
        long heap = process.heapAfterGc();
        return new JvmMemory(process.rssBytes(), heap);
    }

    /** "RSS +x MiB per 1,000 (a -> b MiB), heap after GC +y MiB per 1,000 (c -> d MiB)" since {@code before}. */
    String perThousandSince(JvmMemory before, int sessions) {
        double thousands = sessions / 1000.0;
        return String.format(
                "RSS %+.1f MiB per 1,000 (%.1f -> %.1f MiB), heap after GC %+.1f MiB per 1,000 (%.1f -> %.1f MiB)",
                (rss - before.rss) / MIB / thousands,
                before.rss / MIB,
                rss / MIB,
                (heap - before.heap) / MIB / thousands,
                before.heap / MIB,
                heap / MIB);
    }
}
