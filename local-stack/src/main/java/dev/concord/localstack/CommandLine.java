package dev.concord.localstack;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Options of {@code scripts/local-stack}. Every port can be moved, e.g. to run a second stack next
 * to the first: {@code --edge-port=9080 --social-port=9082 ... --postgres-port=25432}.
 */
final class CommandLine {

    private CommandLine() {}

    static Options parse(String[] args) {
        Options options = Options.defaults();
        for (String arg : args) {
            if (arg.equals("--help") || arg.equals("-h")) {
                System.out.println(usage());
                System.exit(0);
            }
            if (arg.equals("--jvm-per-app")) {
                options = options.withJvmPerApp(true);
                continue;
            }
            int eq = arg.indexOf('=');
            if (!arg.startsWith("--") || eq < 0) {
                throw usageError("Unknown argument " + arg);
            }
            options = apply(options, arg.substring(2, eq), arg.substring(eq + 1));
        }
        return options;
    }

    private static Options apply(Options options, String name, String value) {
        switch (name) {
            case "state-dir":
                return options.withStateDir(Path.of(value).toAbsolutePath());
            case "ready-timeout":
                return options.withReadyTimeout(Duration.ofSeconds(number(name, value)));
            case "postgres-port":
                return options.withInfraPorts(port(name, value), options.redisPort(), options.kafkaPort());
            case "redis-port":
                return options.withInfraPorts(options.postgresPort(), port(name, value), options.kafkaPort());
            case "kafka-port":
                return options.withInfraPorts(options.postgresPort(), options.redisPort(), port(name, value));
            default:
                for (App app : App.values()) {
                    if (name.equals(app.shortName() + "-port")) {
                        return options.withPort(app, port(name, value));
                    }
                }
                throw usageError("Unknown option --" + name);
        }
    }

    private static int port(String name, String value) {
        int port = number(name, value);
        if (port < 1 || port > 65_535) {
            throw usageError("--" + name + " must be a port between 1 and 65535");
        }
        return port;
    }

    private static int number(String name, String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw usageError("--" + name + " must be a number, not " + value);
        }
    }

    private static IllegalArgumentException usageError(String message) {
        return new IllegalArgumentException(message + "\n" + usage());
    }

    static String usage() {
        StringBuilder usage = new StringBuilder("Usage: scripts/local-stack [--no-build] [--option=value ...]\n");
        for (App app : App.values()) {
            usage.append(String.format("  --%-22s default %d%n", app.shortName() + "-port=N", app.defaultPort()));
        }
        usage.append(String.format("  --%-22s default %d%n", "postgres-port=N", Options.DEFAULT_POSTGRES_PORT))
                .append(String.format("  --%-22s default %d%n", "redis-port=N", Options.DEFAULT_REDIS_PORT))
                .append(String.format("  --%-22s default %d%n", "kafka-port=N", Options.DEFAULT_KAFKA_PORT))
                .append(String.format("  --%-22s default .local-stack in the checkout%n", "state-dir=DIR"))
                .append(String.format(
                        "  --%-22s default %d%n", "ready-timeout=SECONDS", Options.DEFAULT_READY_TIMEOUT.toSeconds()))
                .append(String.format(
                        "  --%-22s each app in a JVM of its own, as deployed (benchmarks); by default all%n"
                                + "  %-24s share the launcher's JVM, each in its own class loader%n",
                        "jvm-per-app", ""));
        return usage.toString();
    }
}
