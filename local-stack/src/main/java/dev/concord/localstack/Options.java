package dev.concord.localstack;

import dev.concord.platform.infra.FreePorts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * Where the stack lives and listens. Every port is configurable so that a test run never collides with
 * a developer's stack on the same machine.
 *
 * @param repoRoot the checkout; each app's jar is taken from {@code <repoRoot>/<module>/target}
 * @param stateDir databases, broker log, token keys and logs; kept across runs
 * @param ports the HTTP port of each app
 * @param readyTimeout how long the apps together may take to report ready
 * @param jvmPerApp each app in a JVM of its own, as deployed (benchmarks), instead of all in the launcher's
 *     JVM, each in its own class loader and application context (the default: a third of the memory)
 */
public record Options(
        Path repoRoot,
        Path stateDir,
        Map<App, Integer> ports,
        int postgresPort,
        int redisPort,
        int kafkaPort,
        Duration readyTimeout,
        boolean jvmPerApp) {

    /** Away from the servers' standard ports, so a system PostgreSQL, Redis or Kafka can keep running. */
    public static final int DEFAULT_POSTGRES_PORT = 15432;

    public static final int DEFAULT_REDIS_PORT = 16379;
    public static final int DEFAULT_KAFKA_PORT = 19092;
    /** Twice the target on a 2-core machine: a slow first start must not be mistaken for a broken one. */
    public static final Duration DEFAULT_READY_TIMEOUT = Duration.ofSeconds(180);

    public Options {
        ports = Collections.unmodifiableMap(new EnumMap<>(ports));
        for (App app : App.values()) {
            if (!ports.containsKey(app)) {
                throw new IllegalArgumentException("No port for " + app.module());
            }
        }
    }

    /** The developer's stack: fixed ports, state in {@code .local-stack/} of the checkout. */
    public static Options defaults() {
        Path root = findRepoRoot(Path.of("").toAbsolutePath());
        Map<App, Integer> ports = new EnumMap<>(App.class);
        for (App app : App.values()) {
            ports.put(app, app.defaultPort());
        }
        return new Options(
                root,
                root.resolve(".local-stack"),
                ports,
                DEFAULT_POSTGRES_PORT,
                DEFAULT_REDIS_PORT,
                DEFAULT_KAFKA_PORT,
                DEFAULT_READY_TIMEOUT,
                false);
    }

    /** A throw-away stack for tests: every port free right now, state in {@code stateDir}. */
    public static Options onFreePorts(Path stateDir) {
        Map<App, Integer> ports = new EnumMap<>(App.class);
        for (App app : App.values()) {
            ports.put(app, FreePorts.find());
        }
        return new Options(
                findRepoRoot(Path.of("").toAbsolutePath()),
                stateDir,
                ports,
                FreePorts.find(),
                FreePorts.find(),
                FreePorts.find(),
                DEFAULT_READY_TIMEOUT,
                false);
    }

    public int port(App app) {
        // The constructor refuses a map without every app.
        return Objects.requireNonNull(ports.get(app));
    }

    public Options withPort(App app, int port) {
        Map<App, Integer> changed = new EnumMap<>(ports);
        changed.put(app, port);
        return new Options(repoRoot, stateDir, changed, postgresPort, redisPort, kafkaPort, readyTimeout, jvmPerApp);
    }

    public Options withInfraPorts(int postgres, int redis, int kafka) {
        return new Options(repoRoot, stateDir, ports, postgres, redis, kafka, readyTimeout, jvmPerApp);
    }

    public Options withStateDir(Path dir) {
        return new Options(repoRoot, dir, ports, postgresPort, redisPort, kafkaPort, readyTimeout, jvmPerApp);
    }

    public Options withReadyTimeout(Duration timeout) {
        return new Options(repoRoot, stateDir, ports, postgresPort, redisPort, kafkaPort, timeout, jvmPerApp);
    }

    public Options withJvmPerApp(boolean separate) {
        return new Options(repoRoot, stateDir, ports, postgresPort, redisPort, kafkaPort, readyTimeout, separate);
    }

    public Path logDir() {
        return stateDir.resolve("logs");
    }

    /**
     * The nearest directory at or above {@code start} holding both {@code mvnw} and {@code local-stack/}:
     * the launcher and the tests run from the root or from a module directory.
     */
    static Path findRepoRoot(Path start) {
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("mvnw")) && Files.isDirectory(dir.resolve("local-stack"))) {
                return dir;
            }
        }
        throw new IllegalStateException(
                "Not inside the concord checkout (no mvnw and local-stack/ at or above " + start + ")");
    }
}
