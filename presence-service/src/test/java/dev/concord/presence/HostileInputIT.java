package dev.concord.presence;

import dev.concord.platform.auth.AuthSettings;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.hostile.HostileInputSuite;
import dev.concord.platform.test.hostile.StoredState;
import dev.concord.platform.web.RouteCatalog;
import java.time.Duration;
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
                .validBody(
                        "PUT /internal/gateway-instances/{instance}/sessions/{session}",
                        "{\"user_id\": \"" + owner.asString() + "\", \"presence\": {\"status\": \"online\"}}")
                .validBody(
                        "PATCH /internal/gateway-instances/{instance}/sessions/{session}",
                        "{\"user_id\": \"" + owner.asString() + "\", \"presence\": {\"status\": \"online\"}}")
                .validBody(
                        "POST /internal/gateway-instances/{instance}/sessions/{session}/claim",
                        "{\"user_id\": \"" + owner.asString() + "\"}")
                .validBody("PUT /internal/gateway-instances/{instance}/lease", "{\"ttl_ms\": 600000}")
                .storedState(both(StoredState.of(db), this::presenceKeys))
                .run()
                .assertNoFailures();
    }

    /** Every presence key and its value, the lease's expiry left out (renewing it is not a change). */
    private String presenceKeys() {
        TreeMap<String, String> state = new TreeMap<>();
        redis.keys(redisKeys.key("presence:*"))
                .filter(key -> !key.contains("presence:lease:"))
                .concatMap(key -> redis.type(key)
                        .flatMap(type -> switch (type) {
                            case "hash" -> redis.hgetall(key).collectList().map(Object::toString);
                            case "set" ->
                                redis.smembers(key).sort().collectList().map(Object::toString);
                            case "zset" ->
                                redis.zrange(key, 0, -1).collectList().map(Object::toString);
                            default -> redis.get(key);
                        })
                        .map(value -> java.util.Map.entry(key, value)))
                .doOnNext(entry -> state.put(entry.getKey(), entry.getValue()))
                .blockLast(Duration.ofSeconds(10));
        return state.toString();
    }

    private static Supplier<String> both(Supplier<String> first, Supplier<String> second) {
        return () -> first.get() + "\n" + second.get();
    }
}
