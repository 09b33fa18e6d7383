package dev.concord.bench;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * The benchmark jar's one entry point: {@code java -jar benchmarks-<version>-exec.jar <benchmark> [its
 * arguments]}. The build repackages this module with every dependency inside, so the scripts run a
 * benchmark from that jar alone and never ask Maven for a classpath (which a fresh machine could not
 * answer offline).
 *
 * <p>A probe's exit status is its verdict: 0 once it has printed its figures, 1 if it failed or measured
 * failures, so the scripts and CI's smoke run stop on a broken benchmark. The hello server keeps running
 * until it is stopped.
 */
public final class Benchmarks {

    private static final Map<String, Entry> ALL = new TreeMap<>(Map.of(
            "hello", new Entry(HelloApplication::main, true),
            "dispatch-latency", new Entry(DispatchLatency::main, false),
            "remote-auth-sessions", new Entry(RemoteAuthSessions::main, false),
            "authorization-load", new Entry(AuthorizationLoad::main, false),
            "gateway-fanout", new Entry(GatewayFanout::main, false),
            "presence-fanout", new Entry(PresenceFanout::main, false),
            "stage-fanout", new Entry(StageFanout::main, false),
            "emoji-uploads", new Entry(EmojiUploads::main, false),
            "upload-heap", new Entry(UploadHeap::main, false)));

    private Benchmarks() {}

    public static void main(String[] args) {
        Entry entry = args.length == 0 ? null : ALL.get(args[0]);
        if (entry == null) {
            System.err.println("usage: <benchmark> [arguments], one of " + ALL.keySet());
            System.exit(2);
            return;
        }
        try {
            entry.main.run(Arrays.copyOfRange(args, 1, args.length));
        } catch (Throwable failure) {
            System.err.println(args[0] + " failed:");
            failure.printStackTrace();
            // A client's pool may hold non-daemon threads: a failed probe must not hang the script waiting for them.
            System.exit(1);
        }
        if (!entry.server) {
            System.exit(0);
        }
    }

    @FunctionalInterface
    private interface Main {
        void run(String[] args) throws Exception;
    }

    private record Entry(Main main, boolean server) {}
}
