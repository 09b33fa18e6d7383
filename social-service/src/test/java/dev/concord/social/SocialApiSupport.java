package dev.concord.social;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.auth.TokenIssuer;
import dev.concord.platform.auth.TokenKind;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.platform.test.ApiCalls;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.KafkaEvents;
import dev.concord.platform.test.RealInfrastructure;
import dev.concord.platform.test.TestClients;
import dev.concord.platform.test.TestInfrastructure;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.env.Environment;
import org.springframework.http.HttpMethod;
import org.springframework.r2dbc.core.DatabaseClient;
import tools.jackson.databind.JsonNode;

/**
 * The running service against real PostgreSQL, Redis and Kafka, called through HTTP as a client would,
 * with the events it publishes on {@code social.events} tailed. Each test works on users of its own
 * ({@link #newUser}), so tests share one service and never see each other's rows or events.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@RealInfrastructure
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class SocialApiSupport {

    /** What an endpoint only a person's own session may call answers anyone else. */
    protected static final Response UNAUTHORIZED =
            new Response(401, json("{\"message\": \"401: Unauthorized\", \"code\": 0}"));

    protected static final Response BOTS_NOT_ALLOWED =
            new Response(403, json("{\"message\": \"Bots cannot use this endpoint\", \"code\": 20001}"));
    protected static final Response MISSING_ACCESS =
            new Response(403, json("{\"message\": \"Missing Access\", \"code\": 50001}"));

    private static final AtomicLong USERS = new AtomicLong(175928847299117063L);
    private static final AtomicLong EVENT_IDS = new AtomicLong(1_400_000_000_000_000_000L);

    @Autowired
    protected DatabaseClient db;

    @Autowired
    protected TokenIssuer tokens;

    @Autowired
    protected Environment environment;

    @LocalServerPort
    protected int port;

    protected KafkaEvents events;
    private ApiCalls api;

    @BeforeAll
    void tailEvents() {
        api = new ApiCalls(TestClients.unpooled(port));
        events = KafkaEvents.tail(
                environment.getRequiredProperty("concord.kafka.bootstrap-servers"), topic("social.events"));
    }

    @AfterAll
    void stopTailing() {
        events.close();
    }

    /** A user id no other test uses. Not in the user replica: see {@link #newKnownUser}. */
    protected static Snowflake newUser() {
        return Snowflake.of(USERS.incrementAndGet());
    }

    /** A new user the service knows (in its replica of identity.events), named {@code u<id>}. */
    protected Snowflake newKnownUser() {
        Snowflake id = newUser();
        knownUser(id, "u" + id.asString(), "0", false);
        return id;
    }

    /** Puts a user into the replica as identity.events would have. */
    protected void knownUser(Snowflake id, String username, String discriminator, boolean bot) {
        db.sql("""
                        INSERT INTO user_replica (id, username, discriminator, global_name, avatar, public_flags, bot, last_event_id)
                        VALUES (:id, :username, :discriminator, NULL, NULL, 0, :bot, 1)""")
                .bind("id", id.value())
                .bind("username", username)
                .bind("discriminator", discriminator)
                .bind("bot", bot)
                .then()
                .block(Duration.ofSeconds(5));
    }

    protected String userToken(Snowflake user) {
        return tokens.issueUserToken(user).token();
    }

    protected String botToken(Snowflake user) {
        return "Bot "
                + tokens.issue(user, TokenKind.BOT, Snowflake.of(1), Set.of()).token();
    }

    protected String oauthToken(Snowflake user, Snowflake application, String... scopes) {
        return "Bearer "
                + tokens.issue(user, TokenKind.OAUTH2, application, Set.of(scopes))
                        .token();
    }

    protected String oauthToken(Snowflake user) {
        return oauthToken(user, Snowflake.of(1), "identify");
    }

    /** {@code authorization} and {@code body} may be null: no header, no body. */
    protected Response call(HttpMethod method, String path, String authorization, String body) {
        return api.call(method, path, authorization, body);
    }

    /** {@code method path} refuses a missing token (401), {@code user}'s bot token (403 20001) and OAuth2 token (403 50001). */
    protected void assertOnlyAPersonsOwnSession(HttpMethod method, String path, Snowflake user, String body) {
        assertThat(call(method, path, null, body))
                .as("%s %s without a token", method, path)
                .isEqualTo(UNAUTHORIZED);
        assertThat(call(method, path, botToken(user), body))
                .as("%s %s as a bot", method, path)
                .isEqualTo(BOTS_NOT_ALLOWED);
        assertThat(call(method, path, oauthToken(user), body))
                .as("%s %s with OAuth2", method, path)
                .isEqualTo(MISSING_ACCESS);
    }

    /** As {@code user}, with a user token. */
    protected Response as(Snowflake user, HttpMethod method, String path, String body) {
        return call(method, path, userToken(user), body);
    }

    /** The topic's name in this test class (tests prefix topics per class). */
    protected String topic(String name) {
        return environment.getProperty("concord.kafka.topic-prefix", "") + name;
    }

    /** Publishes an event envelope on {@code topic} (unprefixed name), as another service would. */
    protected void publish(String topic, String key, String type, Map<String, Object> audience, JsonNode data) {
        Map<String, Object> envelope = Map.of(
                "id",
                Long.toString(EVENT_IDS.incrementAndGet()),
                "type",
                type,
                "occurred_at",
                java.time.Instant.now().toString(),
                "source",
                "test",
                "audience",
                audience,
                "data",
                data);
        Properties config = new Properties();
        config.putAll(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                TestInfrastructure.get().kafkaBootstrapServers(),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class));
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
            producer.send(new ProducerRecord<>(topic(topic), key, Json.mapper().writeValueAsString(envelope)))
                    .get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The first event of {@code type} addressed to {@code user} that {@code also} accepts. */
    protected JsonNode awaitEvent(String type, Snowflake user, java.util.function.Predicate<JsonNode> also) {
        return events.awaitOne(e -> isEventFor(e, type, user) && also.test(e), Duration.ofSeconds(15));
    }

    protected static boolean isEventFor(JsonNode event, String type, Snowflake user) {
        if (!event.path("type").asString().equals(type)) {
            return false;
        }
        for (JsonNode id : event.path("audience").path("user_ids")) {
            if (id.asString().equals(user.asString())) {
                return true;
            }
        }
        return false;
    }

    protected static JsonNode json(String text) {
        return Json.mapper().readTree(text);
    }
}
