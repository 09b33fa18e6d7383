package dev.concord.localstack;

import java.util.ArrayList;
import java.util.List;

/**
 * JVM flags of the apps: seven JVMs within a laptop's memory without hurting throughput. The serial
 * collector has no per-core overhead and suits small heaps; the heap and the native pools get ceilings
 * sized for one developer's traffic; an out-of-memory error ends the JVM instead of leaving it
 * half-alive behind a passing health check. C2 starts later than by default (see {@link #LATER_C2}).
 */
final class JvmFlags {

    /**
     * Ten times the invocation and loop counts before a method is compiled by C2. Seven JVMs starting at
     * once on two cores spent ~40 % of their start-up CPU in C2, compiling code that only runs while
     * starting (class loading, configuration binding); C1 serves it well enough. Request paths still reach
     * C2 within seconds of load. Measured, first start after a build: 68 s before, 53.5 s after; the same
     * flags suit the launcher's JVM (its Kafka broker), see {@code scripts/local-stack}.
     */
    static final List<String> LATER_C2 = List.of(
            "-XX:Tier4InvocationThreshold=50000", "-XX:Tier4MinInvocationThreshold=20000",
            "-XX:Tier4CompileThreshold=60000", "-XX:Tier4BackEdgeThreshold=400000");

    static final List<String> APPS = forVersion(Runtime.version());

    private JvmFlags() {
    }

    /** The apps run on the launcher's own JVM, so flags that not every version has depend on it. */
    static List<String> forVersion(Runtime.Version version) {
        List<String> flags = new ArrayList<>(List.of(
                "-XX:+UseSerialGC", "-Xms64m", "-Xmx192m", "-Xss512k",
                "-XX:ReservedCodeCacheSize=64m", "-XX:MaxDirectMemorySize=96m",
                "-XX:+ExitOnOutOfMemoryError",
                // One Netty event loop per core: Reactor's default of at least four doubles them on two
                // cores, and with seven JVMs sharing the cores the extra loops only add context switches
                // (measured: p99 at 16 connections 9-10 ms with two loops, 10-15 ms with four).
                "-Dreactor.netty.ioWorkerCount=" + Runtime.getRuntime().availableProcessors()));
        flags.addAll(LATER_C2);
        // Hands C heap freed after start-up (JIT arenas, parsing buffers) back to the OS: ~30 MiB per app.
        if (supportsNativeHeapTrim(version)) {
            flags.add("-XX:TrimNativeHeapInterval=5000");
        }
        return List.copyOf(flags);
    }

    /** The flag exists from JDK 22 and in the 17.0.9 and 21.0.1 updates; an unknown flag stops the JVM. */
    private static boolean supportsNativeHeapTrim(Runtime.Version version) {
        return version.feature() >= 22
                || version.feature() == 21 && version.update() >= 1
                || version.feature() == 17 && version.update() >= 9;
    }
}
