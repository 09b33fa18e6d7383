package dev.concord.localstack;

import org.jspecify.annotations.Nullable;

/**
 * The processes of the stack, in the order the banner lists them. Ports are the defaults a developer
 * sees; {@link Options} may move every one of them. Each app mints snowflakes with its own process
 * number, so ids created by different services on this one machine never collide.
 */
public enum App {
    EDGE("edge", "edge", 8080, null, 7),
    REMOTE_AUTH("remote-auth-service", "remote-auth", 8081, "remote_auth", 1),
    SOCIAL("social-service", "social", 8082, "social", 2),
    PRESENCE("presence-service", "presence", 8083, "presence", 3),
    GUILD("guild-service", "guild", 8084, "guild", 4),
    WEBHOOK("webhook-service", "webhook", 8085, "webhook", 5),
    GATEWAY("gateway-service", "gateway", 8086, null, 6);

    private final String module;
    private final String shortName;
    private final int defaultPort;
    private final @Nullable String database;
    private final int nodeProcess;

    App(String module, String shortName, int defaultPort, @Nullable String database, int nodeProcess) {
        this.module = module;
        this.shortName = shortName;
        this.defaultPort = defaultPort;
        this.database = database;
        this.nodeProcess = nodeProcess;
    }

    /** The Maven module, which is also the name routes.yaml and the edge's properties use. */
    public String module() {
        return module;
    }

    /** Used for the log file and the prefix of echoed error lines. */
    public String shortName() {
        return shortName;
    }

    public int defaultPort() {
        return defaultPort;
    }

    /** The app's own database; null for the stateless ones. */
    public @Nullable String database() {
        return database;
    }

    public boolean hasDatabase() {
        return database != null;
    }

    /** Value of concord.node.process, 0..31. */
    public int nodeProcess() {
        return nodeProcess;
    }

    /** Environment name of the edge's property for this service, e.g. CONCORD_EDGE_SERVICES_SOCIALSERVICE. */
    String edgeServiceVariable() {
        // Relaxed binding drops the dashes of a kebab-case property name when it comes from the environment.
        return "CONCORD_EDGE_SERVICES_" + module.replace("-", "").toUpperCase(java.util.Locale.ROOT);
    }
}
