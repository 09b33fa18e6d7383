package dev.concord.bench;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * A load client's {@code key=value} arguments, and the two rules every one of them keeps: its targets are
 * on this machine only, and it stops by itself.
 */
final class BenchOptions {

    private final Map<String, String> values;

    private BenchOptions(Map<String, String> values) {
        this.values = values;
    }

    static BenchOptions parse(String[] args) {
        Map<String, String> values = new HashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("not key=value: " + arg);
            }
            values.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
        return new BenchOptions(values);
    }

    String required(String name) {
        String value = values.get(name);
        if (value == null) {
            throw new IllegalArgumentException("missing " + name + "=...");
        }
        return value;
    }

    String get(String name, String fallback) {
        return values.getOrDefault(name, fallback);
    }

    /** The URL named {@code name}, which must be on this machine ({@link #requireLoopback}). */
    String loopbackUrl(String name) {
        String url = required(name);
        requireLoopback(url);
        return url;
    }

    /** Tokens signed with the key in the file {@code key-file} names (the local stack's). */
    BenchTokens tokens() throws IOException, GeneralSecurityException {
        return BenchTokens.signingWith(Path.of(required("key-file")));
    }

    /** The load (and the metrics' reads) go to this machine only: a URL naming any other host is refused. */
    static void requireLoopback(String url) {
        String host = URI.create(url).getHost();
        if (!Set.of("127.0.0.1", "localhost", "[::1]", "::1").contains(host)) {
            throw new IllegalArgumentException("only this machine (127.0.0.1, localhost) is a target: " + url);
        }
    }

    /** Ends the process after {@code bound}, whatever it is doing: the run is bounded in time. */
    static void stopAfter(String benchmark, Duration bound) {
        Thread watchdog = new Thread(() -> {
            try {
                Thread.sleep(bound.toMillis());
            } catch (InterruptedException stopped) {
                return;
            }
            System.err.printf("%s: still running after %d minutes; stopping%n", benchmark, bound.toMinutes());
            System.exit(1);
        });
        watchdog.setDaemon(true);
        watchdog.start();
    }
}
