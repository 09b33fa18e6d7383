package dev.concord.platform.infra;

import java.util.List;
import org.slf4j.LoggerFactory;

/**
 * Turns the embedded servers' own loggers down to WARN. A broker start alone logs hundreds of
 * INFO lines (its full configuration among them) that bury the output of the code under test.
 * Only Logback is handled, because it is what Spring Boot uses; with any other SLF4J backend this
 * does nothing. Loggers that already have a level configured are left alone, so a developer who
 * wants the broker's INFO output back just sets e.g. {@code logging.level.kafka=INFO}.
 */
public final class ServerLogs {

    /** Server-side packages only: client loggers of the applications stay as configured. */
    static final List<String> SERVER_LOGGERS = List.of(
            "kafka",
            "state.change.logger",
            "org.apache.kafka.controller",
            "org.apache.kafka.coordinator",
            "org.apache.kafka.image",
            "org.apache.kafka.metadata",
            "org.apache.kafka.network",
            "org.apache.kafka.queue",
            "org.apache.kafka.raft",
            "org.apache.kafka.security",
            "org.apache.kafka.server",
            "org.apache.kafka.snapshot",
            "org.apache.kafka.storage",
            "org.apache.kafka.common.network.Selector",
            "io.zonky.test.db.postgres",
            "redis.embedded");

    private static final String LOGBACK_CONTEXT = "ch.qos.logback.classic.LoggerContext";

    private ServerLogs() {}

    /** Applies the WARN levels; cheap and idempotent, so callers invoke it before every start. */
    public static void quiet() {
        if (LOGBACK_CONTEXT.equals(LoggerFactory.getILoggerFactory().getClass().getName())) {
            // Only now is the Logback-typed class loaded, so Logback stays an optional dependency.
            LogbackLevels.warnUnlessConfigured(SERVER_LOGGERS);
        }
    }

    private static final class LogbackLevels {

        static void warnUnlessConfigured(List<String> names) {
            var context = (ch.qos.logback.classic.LoggerContext) LoggerFactory.getILoggerFactory();
            for (String name : names) {
                ch.qos.logback.classic.Logger logger = context.getLogger(name);
                if (logger.getLevel() == null) {
                    logger.setLevel(ch.qos.logback.classic.Level.WARN);
                }
            }
        }
    }
}
