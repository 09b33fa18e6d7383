package dev.concord.localstack;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Checks made before anything starts, so a stack that cannot come up fails at once and says why. */
final class Preflight {

    private Preflight() {}

    /** Every app's executable jar, or a failure naming the ones not built and how to build them. */
    static Map<App, Path> requireJars(Path repoRoot) {
        List<String> missing = ExecJars.missing(repoRoot);
        if (!missing.isEmpty()) {
            throw new IllegalStateException("Not built yet: " + String.join(", ", missing));
        }
        Map<App, Path> jars = new EnumMap<>(App.class);
        for (App app : App.values()) {
            jars.put(app, ExecJars.find(repoRoot, app).orElseThrow());
        }
        return jars;
    }

    /**
     * An app that cannot bind its port exits, but whatever holds the port might answer the readiness
     * probe in its place (typically another stack still running), so a busy port fails the start early,
     * naming the option that moves it.
     */
    static void requireFreePorts(Options options) {
        Map<String, Integer> ports = new LinkedHashMap<>();
        for (App app : App.values()) {
            ports.put(app.shortName(), options.port(app));
        }
        ports.put("postgres", options.postgresPort());
        ports.put("redis", options.redisPort());
        ports.put("kafka", options.kafkaPort());
        ports.forEach((name, port) -> {
            try (ServerSocket probe = new ServerSocket()) {
                // As servers do: connections of an earlier run lingering in TIME_WAIT leave the port usable.
                probe.setReuseAddress(true);
                probe.bind(new InetSocketAddress(port));
            } catch (IOException e) {
                throw new IllegalStateException(
                        "Port " + port + " (" + name + ") is in use, perhaps by another local stack;"
                                + " stop it or choose another port with --" + name + "-port=N");
            }
        });
    }
}
