package dev.concord.presence;

import dev.concord.platform.auth.AuthSettings;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.hostile.HostileInputSuite;
import dev.concord.platform.test.hostile.StoredState;
import dev.concord.platform.web.RouteCatalog;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every presence-service route, as its route catalog lists them, called with hostile input (see
 * {@link HostileInputSuite}); what is stored is the database and every presence key in Redis.
 */
class HostileInputIT extends PresenceApiSupport {

    private static final Duration BOUND = Duration.ofSeconds(5);

    @Autowired
    RouteCatalog routes;

    @Autowired
    JsonMapper mapper;

    @Autowired
    AuthSettings auth;

    @Test
    void everyRouteRefusesHostileInputCleanly() {
        Snowflake owner = newUser();
        Snowflake stranger = newUser();
        String session = newSessionId();
        open("gw-hostile", session, owner, "{}", "{\"status\": \"online\"}");

        HostileInputSuite.of("presence-service", routes, port, mapper)
                .callers(tokens, owner, stranger)
                .internalAuthorization(INTERNAL)
                .publicPaths(auth.publicPaths())
                .pathValue("instance", "gw-hostile")
                .pathValue("session", session)
                .pathValue("session_id", session)
                .pathValue("user_id", owner.asString())
                .pathValue("application_id", "0")
                .pathValue("activity_action_type", "1")
                .validBody("POST /presences", "{\"package_name\": \"com.example.game\", \"update\": \"STOP\"}")
                .validBody("POST /activities", "{\"application_id\": \"1\"}")
                .validBody(
                        "PUT /internal/gateway-instances/{instance}/sessions/{session}",
                        "{\"user_id\": \"" + owner.asString() + "\", \"presence\": {\"status\": \"online\"}}")
                .validBody(
                        "POST /internal/gateway-instances/{instance}/presence-updates",
                        "{\"updates\": [{\"session_id\": \"s1\", \"user_id\": \"" + owner.asString()
                                + "\", \"presence\": {\"status\": \"online\"}}]}")
                .validBody(
                        "POST /internal/gateway-instances/{instance}/sessions/{session}/claim",
                        "{\"user_id\": \"" + owner.asString() + "\"}")
                .validBody("PUT /internal/gateway-instances/{instance}/lease", "{\"ttl_ms\": 600000}")
                .othersMay(
                        "GET /activities/statistics/applications/{application_id}",
                        "lists who of the caller's own friends played a game: the id names a game, not an owner's resource")
                .storedState(both(StoredState.of(db), this::presenceKeys))
                .run()
                .assertNoFailures();
    }

    /**
     * Every presence key and its value, the lease's expiry left out (renewing it is not a change). One
     * command at a time, each bounded, so a slow answer names the key it was about.
     */
    private String presenceKeys() {
        TreeMap<String, String> state = new TreeMap<>();
        List<String> keys =
                redis.keys(redisKeys.key("presence:*")).collectList().block(BOUND);
        for (String key : Objects.requireNonNull(keys)) {
            if (key.contains("presence:lease:")) {
                continue;
            }
            String type = redis.type(key).block(BOUND);
            Object value =
                    switch (Objects.requireNonNullElse(type, "none")) {
                        case "hash" ->
                            new TreeMap<>(Objects.requireNonNull(redis.hgetall(key)
                                    .collectMap(kv -> kv.getKey(), kv -> kv.getValue())
                                    .block(BOUND)));
                        case "set" -> redis.smembers(key).sort().collectList().block(BOUND);
                        case "zset" -> redis.zrange(key, 0, -1).collectList().block(BOUND);
                        case "string" -> redis.get(key).block(BOUND);
                        default -> null;
                    };
            if (value != null) {
                state.put(key, value.toString());
            }
        }
        return state.toString();
    }

    private static Supplier<String> both(Supplier<String> first, Supplier<String> second) {
        return () -> first.get() + "\n" + second.get();
    }
}
