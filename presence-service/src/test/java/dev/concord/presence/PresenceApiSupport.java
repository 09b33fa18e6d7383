package dev.concord.presence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.redis.RedisSettings;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.GuildServiceFake;
import dev.concord.platform.test.ServiceApiTest;
import dev.concord.platform.test.SocialServiceFake;
import dev.concord.platform.test.TestTokenKeys;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpMethod;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * presence-service through HTTP, with what it publishes on {@code presence.events} tailed and its Redis
 * readable. Each test works on users of its own ({@link #newUser}); who sees whom is set on the shared
 * social-service fake ({@link #social}).
 */
public abstract class PresenceApiSupport extends ServiceApiTest {

    protected static final String INTERNAL = InternalCredential.header(TestTokenKeys.internalSecret());
    /** guild-service: which guilds each user is in. */
    protected static final GuildServiceFake GUILD_SERVICE = GuildServiceFake.start();

    private static final AtomicLong USERS = new AtomicLong(275928847299117063L);
    private static final AtomicLong SESSIONS = new AtomicLong();
    private static final AtomicLong APPLICATIONS = new AtomicLong(991926798626357250L);

    @Autowired
    protected RedisReactiveCommands<String, String> redis;

    @Autowired
    protected RedisSettings redisKeys;

    @DynamicPropertySource
    static void guildService(DynamicPropertyRegistry registry) {
        registry.add("concord.guilds.base-url", GUILD_SERVICE::url);
    }

    protected PresenceApiSupport() {
        super("presence.events");
    }

    protected static Snowflake newUser() {
        return Snowflake.of(USERS.incrementAndGet());
    }

    /** A session id no other test uses, as the gateway makes them (32 hex digits). */
    protected static String newSessionId() {
        return String.format("%032x", SESSIONS.incrementAndGet() + System.nanoTime());
    }

    protected static SocialServiceFake social() {
        return SocialServiceFake.shared();
    }

    protected Response internal(HttpMethod method, String path, String body) {
        return call(method, path, INTERNAL, body);
    }

    /** Renews {@code instance}'s lease for {@code ttlMillis}; answers whether it was still running. */
    protected boolean lease(String instance, long ttlMillis) {
        return internal(
                        HttpMethod.PUT,
                        "/internal/gateway-instances/" + instance + "/lease",
                        "{\"ttl_ms\": " + ttlMillis + "}")
                .body()
                .path("renewed")
                .asBoolean();
    }

    /**
     * Opens a session of {@code user} on gateway instance {@code instance} with {@code presence} (JSON), the
     * instance's lease renewed first, as a live gateway keeps it (unless the test let it lapse on purpose).
     */
    protected Response open(String instance, String sessionId, Snowflake user, String properties, String presence) {
        return open(instance, sessionId, user, properties, presence, "[]");
    }

    /** As {@link #open(String, String, Snowflake, String, String)}, asking for these guilds' presences. */
    protected Response open(
            String instance, String sessionId, Snowflake user, String properties, String presence, String guildIds) {
        if (!instance.startsWith("gw-dying")) {
            lease(instance, 600_000);
        }
        return internal(
                HttpMethod.PUT,
                "/internal/gateway-instances/" + instance + "/sessions/" + sessionId,
                "{\"user_id\": \"" + user.asString() + "\", \"properties\": " + properties + ", \"presence\": "
                        + presence + ", \"guild_ids\": " + guildIds + "}");
    }

    /** Op 3 of one session, alone in its request; answers the whole answer (200 with its outcome, or 400). */
    protected Response update(String instance, String sessionId, Snowflake user, String presence) {
        return updates(instance, "[" + updateItem(sessionId, user, presence) + "]");
    }

    /** Op 3s of the instance's sessions together: {@code items} a JSON array of {@link #updateItem}s. */
    protected Response updates(String instance, String items) {
        return internal(
                HttpMethod.POST,
                "/internal/gateway-instances/" + instance + "/presence-updates",
                "{\"updates\": " + items + "}");
    }

    protected static String updateItem(String sessionId, Snowflake user, String presence) {
        return "{\"session_id\": \"" + sessionId + "\", \"user_id\": \"" + user.asString() + "\", \"presence\": "
                + presence + "}";
    }

    /** The one outcome of {@link #update}'s answer: applied, unknown_session or invalid. */
    protected static String outcome(Response answer) {
        assertThat(answer.status()).isEqualTo(200);
        return answer.body().path("outcomes").get(0).asString();
    }

    protected Response close(String instance, String sessionId, Snowflake user) {
        return internal(
                HttpMethod.DELETE,
                "/internal/gateway-instances/" + instance + "/sessions/" + sessionId + "?user_id=" + user.asString(),
                null);
    }

    /** The user's sessions as Redis holds them, by session id (each value {@code <instance>\n<json>}). */
    protected Map<String, String> storedSessions(Snowflake user) {
        return redis.hgetall(redisKeys.key("presence:u:" + user.asString()))
                .collectMap(kv -> kv.getKey(), kv -> kv.getValue())
                .block(Duration.ofSeconds(5));
    }

    /** The first event of {@code type} addressed to {@code user} that {@code also} accepts. */
    protected JsonNode awaitEvent(String type, Snowflake user, Predicate<JsonNode> also) {
        return awaitEvent(e -> isEventFor(e, type, user) && also.test(e));
    }

    /** An application as identity.events announces it, once the replica has it. */
    protected Snowflake knownApplication(String name, List<Map<String, String>> skus) {
        Snowflake id = Snowflake.of(APPLICATIONS.incrementAndGet());
        publish(
                "identity.events",
                id.asString(),
                "APPLICATION_CREATE",
                Map.of("user_ids", List.of()),
                Map.of(
                        "id",
                        id.asString(),
                        "name",
                        name,
                        "description",
                        "",
                        "flags",
                        0,
                        "third_party_skus",
                        skus,
                        "verify_key",
                        "k"));
        await().atMost(Duration.ofSeconds(15))
                .until(() -> db.sql("SELECT count(*) FROM application_replica WHERE id = :id")
                                .bind("id", id.value())
                                .map(row -> row.get(0, Long.class))
                                .one()
                                .block(Duration.ofSeconds(5))
                        == 1);
        return id;
    }

    /** Whether the event is about {@code subject} (its data's user). */
    protected static boolean about(JsonNode event, Snowflake subject) {
        return event.path("data").path("user").path("id").asString().equals(subject.asString());
    }
}
