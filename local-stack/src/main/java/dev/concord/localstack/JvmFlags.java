package dev.concord.localstack;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * JVM flags of the apps: seven JVMs within a laptop's memory without hurting throughput. The serial
 * collector has no per-core overhead and suits small heaps; the heap and the native pools get ceilings
 * sized for one developer's traffic; an out-of-memory error ends the JVM instead of leaving it
 * half-alive behind a passing health check. The apps compile as the launcher does (see
 * {@link #forVersion}).
 */
final class JvmFlags {

    static final List<String> APPS =
            forVersion(Runtime.version(), ManagementFactory.getRuntimeMXBean().getInputArguments());

    /**
     * The gateway's heap ceiling: it holds a session for every socket, and load tests open tens of thousands
     * from this machine (scripts/benchmark-gateway). At 192 MiB it was full at about 9,000 idle sessions
     * (about 20 KiB of heap each, measured) and then spent its CPU in full collections until identifies
     * timed out. 768 MiB holds 20,000 sessions at that cost and leaves room; the serial collector still
     * grows the heap only as needed from the same 64 MiB, so an idle stack stays as small.
     */
    static final String GATEWAY_HEAP = "-Xmx768m";

    private JvmFlags() {}

    /** The flags of {@code app}: every app's, with the gateway's own heap ceiling. */
    static List<String> forApp(App app) {
        if (app != App.GATEWAY) {
            return APPS;
        }
        return APPS.stream()
                .map(flag -> flag.startsWith("-Xmx") ? GATEWAY_HEAP : flag)
                .toList();
    }

    /**
     * The apps run on the launcher's own JVM, so flags that not every version has depend on its version.
     * {@code launcherArguments}' C2 thresholds ({@code -XX:Tier4...}) are passed on, so that
     * {@code scripts/local-stack} decides for every JVM of the stack in one place: by default C2 comes later
     * there, because seven JVMs starting at once on two cores spent ~40 % of their start-up CPU compiling
     * start-up-only code in C2 (first start after a build: 68 s with the JVM's defaults, 53.5-56 s
     * with C2 later). Request paths still reach C2 under load, but the write path takes minutes to: benchmarks
     * keep the defaults ({@code LOCAL_STACK_JIT=default}), as production does.
     */
    static List<String> forVersion(Runtime.Version version, List<String> launcherArguments) {
        List<String> flags = new ArrayList<>(List.of(
                "-XX:+UseSerialGC",
                "-Xms64m",
                "-Xmx192m",
                // A young generation of its own size rather than a third of a heap that starts at 64 MiB:
                // an execution at 64 connections allocates ~140 KiB and the 21 MiB eden that gave filled 16
                // times a second, each collection a pause of ~4.5 ms. A pause costs about the same whatever
                // the eden (it copies what is still live, the requests in flight), so at 48 MiB there are
                // half as many (measured: 329 collections in 20 s, 1.5 s paused; then 170, 0.74 s).
                "-Xmn48m",
                "-Xss512k",
                "-XX:ReservedCodeCacheSize=64m",
                "-XX:MaxDirectMemorySize=96m",
                "-XX:+ExitOnOutOfMemoryError",
                // One Netty event loop per core: Reactor's default of at least four doubles them on two
                // cores, and with seven JVMs sharing the cores the extra loops only add context switches
                // (measured: p99 at 16 connections 9-10 ms with two loops, 10-15 ms with four).
                "-Dreactor.netty.ioWorkerCount=" + Runtime.getRuntime().availableProcessors()));
        launcherArguments.stream()
                .filter(argument -> argument.startsWith("-XX:Tier4"))
                .forEach(flags::add);
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
