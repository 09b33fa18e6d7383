package dev.concord.localstack;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The environment an app is started with: exactly the variables its Kubernetes deployment sets, with
 * the embedded servers' addresses in place of the cluster's. Nothing here is local-stack specific
 * configuration, which is what keeps the local code paths the production ones.
 */
final class ChildEnvironment {

    private static final String LOOPBACK = "127.0.0.1";

    private ChildEnvironment() {}

    static Map<String, String> of(App app, Options options, Infrastructure infra, TokenKeys keys) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PORT", String.valueOf(options.port(app)));
        // glibc gives each thread that allocates its own arena of up to 64 MiB; Netty, Kafka and Lettuce
        // threads make dozens. Two arenas cost no measurable speed and tens of MiB of RSS per JVM.
        env.put("MALLOC_ARENA_MAX", "2");
        env.put("CONCORD_NODE_PROCESS", String.valueOf(app.nodeProcess()));
        env.put("CONCORD_AUTH_PUBLIC_KEY", keys.publicKey());
        env.put("CONCORD_AUTH_INTERNAL_SECRET", keys.internalSecret());
        if (app == App.REMOTE_AUTH) {
            env.put("CONCORD_AUTH_PRIVATE_KEY", keys.privateKey());
            // A developer's bot serves its interactions endpoint on this machine (concord.applications).
            env.put("CONCORD_APPLICATIONS_ALLOWPRIVATEENDPOINTS", "true");
        }
        env.put("CONCORD_REDIS_URI", infra.redis.uri());
        env.put("CONCORD_KAFKA_BOOTSTRAP_SERVERS", infra.kafka.bootstrapServers());
        // Clients reach the gateway through the edge, so that is the URL handed out by GET /gateway.
        env.put("CONCORD_GATEWAY_URL", "ws://" + LOOPBACK + ":" + options.port(App.EDGE));
        // Every client of the local stack is this machine: a per-address identify limit would only stop
        // load tests, which open thousands of sockets from it (concord.gateway.limits.identifies-per-address).
        env.put("CONCORD_GATEWAY_LIMITS_IDENTIFIESPERADDRESS", "0");
        // Likewise logins: 20 a minute from one address would stop the end-to-end suite, whose every
        // person and developer logs in from here (an account's own failure limit stays).
        env.put("CONCORD_LOGINLIMITS_ADDRESSATTEMPTS", "100000");
        env.put("CONCORD_IDENTITY_URL", "http://" + LOOPBACK + ":" + options.port(App.REMOTE_AUTH));
        // guild-service's internal API, which the gateway asks for guild audiences and READY's guilds.
        env.put("CONCORD_GUILDS_URL", "http://" + LOOPBACK + ":" + options.port(App.GUILD));
        // Attachment URLs point at the edge, which serves /attachments/** from webhook-service.
        env.put("CONCORD_CDN_URL", "http://" + LOOPBACK + ":" + options.port(App.EDGE));
        env.put(
                "CONCORD_ATTACHMENTS_DIR",
                options.stateDir().resolve("attachments").toString());
        env.put("CONCORD_EMOJI_DIR", options.stateDir().resolve("emoji").toString());
        // webhook-service's internal API, where OAuth2's webhook.incoming makes webhooks; incoming webhooks'
        // URLs start with the edge's /api.
        env.put("CONCORD_WEBHOOKS_URL", "http://" + LOOPBACK + ":" + options.port(App.WEBHOOK));
        env.put("CONCORD_API_URL", "http://" + LOOPBACK + ":" + options.port(App.EDGE) + "/api");
        // social-service's internal API, which webhook-service asks before delivering a DM (and
        // presence-service for who sees whose presence).
        env.put("CONCORD_SOCIAL_URL", "http://" + LOOPBACK + ":" + options.port(App.SOCIAL));
        // presence-service's internal API, which the gateway tells of its sessions.
        env.put("CONCORD_PRESENCE_URL", "http://" + LOOPBACK + ":" + options.port(App.PRESENCE));
        String database = app.database();
        if (database != null) {
            putDatabase(env, database, infra);
        }
        if (app == App.EDGE) {
            for (App service : App.values()) {
                if (service != App.EDGE) {
                    env.put(service.edgeServiceVariable(), "http://" + LOOPBACK + ":" + options.port(service));
                }
            }
        }
        return env;
    }

    /**
     * R2DBC for the app's queries, JDBC for Flyway's migrations at start-up; both with the same account.
     * The pool keeps its production ceiling but opens connections on demand and closes idle ones: each
     * is a PostgreSQL process of ~16 MiB, and ten per service held open for one developer are ~800 MiB.
     */
    private static void putDatabase(Map<String, String> env, String database, Infrastructure infra) {
        env.put("CONCORD_DB_URL", infra.postgres.r2dbcUrl(database));
        env.put("SPRING_FLYWAY_URL", infra.postgres.jdbcUrl(database));
        env.put("SPRING_R2DBC_USERNAME", infra.postgres.user());
        env.put("SPRING_R2DBC_PASSWORD", infra.postgres.password());
        env.put("SPRING_FLYWAY_USER", infra.postgres.user());
        env.put("SPRING_FLYWAY_PASSWORD", infra.postgres.password());
        env.put("SPRING_R2DBC_POOL_INITIAL_SIZE", "1");
        env.put("SPRING_R2DBC_POOL_MAX_IDLE_TIME", "1m");
    }
}
