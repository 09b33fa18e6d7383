package dev.concord.platform.test;

import dev.concord.platform.auth.TokenIssuer;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.core.env.Environment;
import org.springframework.http.HttpMethod;
import org.springframework.r2dbc.core.DatabaseClient;
import tools.jackson.databind.JsonNode;

/**
 * A service with a database, running on a random port against real PostgreSQL, Redis and Kafka, called
 * through HTTP as a client would, with the events it publishes tailed from the start of the class. Its
 * API tests extend this and name their topic:
 *
 * <pre>{@code
 * class GuildApiIT extends ServiceApiTest {
 *     GuildApiIT() { super("guild.events"); }
 *     @Test void createsAGuild() { assertThat(as(owner, POST, "/guilds", "{\"name\": \"x\"}").status()).isEqualTo(201); }
 * }
 * }</pre>
 *
 * Tests of one class share the service, so each works on users of its own. A service without a
 * database composes {@link TestTokens}, {@link ApiCalls}, {@link KafkaEvents} and {@link EventPublisher}
 * instead.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@RealInfrastructure
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class ServiceApiTest {

    /** The application a test's OAuth2 tokens are granted to, where the test names none. */
    protected static final Snowflake TEST_APPLICATION = Snowflake.of(1);

    private static final Duration EVENT_TIMEOUT = Duration.ofSeconds(15);
    private static final AtomicLong EVENT_IDS = new AtomicLong(1_400_000_000_000_000_000L);

    private final String eventsTopic;

    @LocalServerPort
    protected int port;

    @Autowired
    protected Environment environment;

    @Autowired
    protected DatabaseClient db;

    @Autowired
    private ApplicationContext context;

    @Autowired
    private TokenIssuer issuer;

    protected TestTokens tokens;
    /** What the service published on its topic since the class started. */
    protected KafkaEvents events;

    private ApiCalls api;
    private EventPublisher publisher;

    /** {@code eventsTopic}: the topic the service publishes on, without the test's prefix, e.g. {@code social.events}. */
    protected ServiceApiTest(String eventsTopic) {
        this.eventsTopic = eventsTopic;
    }

    @BeforeAll
    void connectToTheService() {
        tokens = new TestTokens(issuer);
        api = new ApiCalls(TestClients.unpooled(port));
        publisher = new EventPublisher(bootstrapServers());
        events = KafkaEvents.tail(bootstrapServers(), topic(eventsTopic));
    }

    @AfterAll
    void disconnectFromTheService() {
        events.close();
        publisher.close();
    }

    protected String userToken(Snowflake user) {
        return tokens.user(user);
    }

    protected String botToken(Snowflake user) {
        return tokens.bot(user);
    }

    /** An OAuth2 token granted to {@link #TEST_APPLICATION}. */
    protected String oauthToken(Snowflake user, String... scopes) {
        return tokens.oauth(user, TEST_APPLICATION, scopes);
    }

    protected String oauthToken(Snowflake user, Snowflake application, String... scopes) {
        return tokens.oauth(user, application, scopes);
    }

    /** {@code authorization} and {@code body} may be null: no header, no body. */
    protected ApiCalls.Response call(HttpMethod method, String path, String authorization, String body) {
        return api.call(method, path, authorization, body);
    }

    /** As {@code user}, with a user token. */
    protected ApiCalls.Response as(Snowflake user, HttpMethod method, String path, String body) {
        return call(method, path, userToken(user), body);
    }

    /** The topic's name in this test class (tests prefix topics per class). */
    protected String topic(String name) {
        return environment.getProperty("concord.kafka.topic-prefix", "") + name;
    }

    protected String bootstrapServers() {
        return environment.getRequiredProperty("concord.kafka.bootstrap-servers");
    }

    /** Publishes an event on {@code topic} (unprefixed name) as another service would, now and with a fresh id. */
    protected void publish(String topic, String key, String type, Object audience, Object data) {
        publish(Snowflake.of(EVENT_IDS.incrementAndGet()), Instant.now(), topic, key, type, audience, data);
    }

    /** Like {@link #publish(String, String, String, Object, Object)}, with the id and time given: to deliver one event twice, or an old one. */
    protected void publish(
            Snowflake id, Instant at, String topic, String key, String type, Object audience, Object data) {
        publisher.publish(topic(topic), key, EventPublisher.envelope(id.asString(), type, at, audience, data));
    }

    /** The first event the service published that {@code match} accepts; fails after 15 s. */
    protected JsonNode awaitEvent(Predicate<JsonNode> match) {
        return events.awaitOne(match, EVENT_TIMEOUT, this::outboxState);
    }

    /**
     * What the service's outbox still holds (rows there were not published: the relay is behind, or stuck), how
     * many sessions hold an advisory lock on its database (the relay's, while it leads), and the relay's own
     * account of itself.
     */
    private String outboxState() {
        String relay = context.containsBean("outboxRelay")
                ? context.getBean("outboxRelay").toString()
                : "no outbox relay";
        try {
            String state = db.sql("""
                            SELECT count(*) AS rows,
                                   coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS oldest,
                                   (SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted
                                       AND database = (SELECT oid FROM pg_database WHERE datname = current_database()))
                                       AS leaders
                            FROM outbox""")
                    .map((row, meta) -> "outbox holds " + row.get("rows", Long.class) + " row(s), the oldest "
                            + row.get("oldest", Double.class) + " s old; advisory locks held: "
                            + row.get("leaders", Long.class) + "; " + relay)
                    .one()
                    .block(Duration.ofSeconds(5));
            return state == null ? "outbox unknown; " + relay : state;
        } catch (RuntimeException e) {
            return "outbox unknown (" + e + "); " + relay;
        }
    }

    /** Whether {@code event} is of {@code type} and addressed to {@code user}. */
    protected static boolean isEventFor(JsonNode event, String type, Snowflake user) {
        return event.path("type").asString().equals(type)
                && event.path("audience").path("user_ids").valueStream().anyMatch(id -> id.asString()
                        .equals(user.asString()));
    }

    /** Puts a user into the service's replica of identity.events ({@code user_replica}), as its consumer would. */
    protected void knownUser(Snowflake id, String username, String discriminator, boolean bot) {
        UserServiceFake.shared().user(id.value(), username, bot);
        db.sql("""
                        INSERT INTO user_replica (id, username, discriminator, global_name, avatar, public_flags, bot, last_event_id)
                        VALUES (:id, :username, :discriminator, NULL, NULL, 0, :bot, 0)
                        ON CONFLICT (id) DO UPDATE SET username = excluded.username,
                            discriminator = excluded.discriminator, bot = excluded.bot""")
                .bind("id", id.value())
                .bind("username", username)
                .bind("discriminator", discriminator)
                .bind("bot", bot)
                .then()
                .block(Duration.ofSeconds(5));
    }

    protected static JsonNode json(String text) {
        return Json.mapper().readTree(text);
    }
}
