package dev.concord.social.settings;

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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
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

/** The running service against real PostgreSQL, Redis and Kafka; each test works on users of its own. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@RealInfrastructure
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class SettingsApiSupport {

    static final String PATH = "/users/@me/settings";
    private static final AtomicLong USERS = new AtomicLong(175928847299117063L);

    @Autowired DatabaseClient db;
    @Autowired TokenIssuer tokens;
    @Autowired Environment environment;
    @LocalServerPort
    int port;
    KafkaEvents events;
    private ApiCalls api;

    /** The stored row: the document of changes and the write count. */
    record Row(JsonNode settings, long version) {}

    @BeforeAll
    void tailEvents() {
        api = new ApiCalls(TestClients.unpooled(port));
        events = KafkaEvents.tail(environment.getRequiredProperty("concord.kafka.bootstrap-servers"),
                environment.getProperty("concord.kafka.topic-prefix", "") + "social.events");
    }

    @AfterAll
    void stopTailing() {
        events.close();
    }

    static Snowflake newUser() {
        return Snowflake.of(USERS.incrementAndGet());
    }

    String userToken(Snowflake user) {
        return tokens.issueUserToken(user).token();
    }

    String botToken(Snowflake user) {
        return "Bot " + tokens.issue(user, TokenKind.BOT, Snowflake.of(1), Set.of()).token();
    }

    String oauthToken(Snowflake user) {
        return "Bearer " + tokens.issue(user, TokenKind.OAUTH2, Snowflake.of(1), Set.of("identify")).token();
    }

    Response call(HttpMethod method, String authorization, String body) {
        return api.call(method, PATH, authorization, body);
    }

    Response get(Snowflake user) {
        return call(HttpMethod.GET, userToken(user), null);
    }

    Response patch(Snowflake user, String body) {
        return call(HttpMethod.PATCH, userToken(user), body);
    }

    Row row(Snowflake user) {
        return db.sql("SELECT settings::text AS settings, version FROM user_settings WHERE user_id = :user")
                .bind("user", user.value())
                .map(r -> new Row(Json.mapper().readTree(r.get("settings", String.class)), r.get("version", Long.class)))
                .one()
                .block(Duration.ofSeconds(5));
    }

    static JsonNode json(String text) {
        return Json.mapper().readTree(text);
    }

    /** The user's settings update carrying exactly {@code data}. */
    JsonNode awaitSettingsUpdate(Snowflake user, JsonNode data) {
        return events.awaitOne(e -> isSettingsUpdateFor(e, user) && e.get("data").equals(data), Duration.ofSeconds(15));
    }

    /**
     * Proves that {@code user}'s only events so far carried {@code earlier} (in order): makes one more
     * valid change and checks the events up to its own. One user's events share a key, so they arrive in
     * order: anything a rejected request had published would show up before the probe.
     */
    void assertEventsSoFar(Snowflake user, String... earlier) {
        assertThat(patch(user, "{\"developer_mode\": true}").status()).isEqualTo(200);
        awaitSettingsUpdate(user, json("{\"developer_mode\": true}"));
        List<JsonNode> expected = new ArrayList<>(Stream.of(earlier).map(SettingsApiSupport::json).toList());
        expected.add(json("{\"developer_mode\": true}"));
        assertThat(events.all().stream().filter(e -> isSettingsUpdateFor(e, user)).map(e -> e.get("data")).toList())
                .isEqualTo(expected);
    }

    private static boolean isSettingsUpdateFor(JsonNode event, Snowflake user) {
        return event.path("type").asString().equals("USER_SETTINGS_UPDATE")
                && event.path("audience").path("user_ids").path(0).asString().equals(user.asString());
    }
}
