package dev.concord.guild.guilds;

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
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
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

/** guild-service against real PostgreSQL, Redis and Kafka; each test works on users of its own. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@RealInfrastructure
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class GuildApiSupport {

    private static final AtomicLong USERS = new AtomicLong(290926798626357250L);

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
                environment.getRequiredProperty("concord.kafka.bootstrap-servers"),
                environment.getProperty("concord.kafka.topic-prefix", "") + "guild.events");
    }

    @AfterAll
    void stopTailing() {
        events.close();
    }

    /** A new user, known to the identity replica under {@code name}. */
    protected Snowflake newUser(String name) {
        Snowflake id = Snowflake.of(USERS.incrementAndGet());
        db.sql("INSERT INTO user_replica (id, username, last_event_id) VALUES (:id, :name, 0)")
                .bind("id", id.value())
                .bind("name", name + id.value())
                .then()
                .block(Duration.ofSeconds(5));
        return id;
    }

    protected String userToken(Snowflake user) {
        return tokens.issueUserToken(user).token();
    }

    protected String botToken(Snowflake user) {
        return "Bot "
                + tokens.issue(user, TokenKind.BOT, Snowflake.of(1), Set.of()).token();
    }

    protected String oauthToken(Snowflake user, String... scopes) {
        return "Bearer "
                + tokens.issue(user, TokenKind.OAUTH2, Snowflake.of(1), Set.of(scopes))
                        .token();
    }

    protected Response call(HttpMethod method, String path, String authorization, String body) {
        return api.call(method, path, authorization, body);
    }

    protected Response createGuild(Snowflake user, String body) {
        return call(HttpMethod.POST, "/guilds", userToken(user), body);
    }

    protected Response get(Snowflake user, String path) {
        return call(HttpMethod.GET, path, userToken(user), null);
    }

    protected long count(String sql, Snowflake id) {
        return db.sql(sql)
                .bind("id", id.value())
                .map(row -> row.get(0, Long.class))
                .one()
                .block(Duration.ofSeconds(5));
    }

    /** Makes {@code user} a member of the guild with these roles, as joining will. */
    protected void addMember(String guildId, Snowflake user, long... roleIds) {
        db.sql("""
                        WITH joined AS (INSERT INTO members (guild_id, user_id, role_ids) VALUES (:guild, :user, :roles))
                        UPDATE guilds SET member_count = member_count + 1 WHERE id = :guild""")
                .bind("guild", Long.parseLong(guildId))
                .bind("user", user.value())
                .bind("roles", Arrays.stream(roleIds).boxed().toArray(Long[]::new))
                .then()
                .block(Duration.ofSeconds(5));
    }

    /** Makes {@code user} a member of 100 guilds, as many as one may be in. */
    protected void fillGuildLimit(Snowflake user) {
        db.sql("""
                        WITH made AS (
                            INSERT INTO guilds (id, name, owner_id) SELECT :base + n, 'g' || n, 1 FROM generate_series(1, 100) n
                            RETURNING id)
                        INSERT INTO members (guild_id, user_id) SELECT id, :user FROM made""")
                .bind("base", user.value() + 10_000_000_000L)
                .bind("user", user.value())
                .then()
                .block(Duration.ofSeconds(5));
    }

    /** A role in the guild, as creating roles will make it. */
    protected long addRole(String guildId, int position, long permissions) {
        long id = USERS.incrementAndGet() + 5_000_000_000L;
        db.sql(
                        "INSERT INTO roles (id, guild_id, name, position, permissions) VALUES (:id, :guild, 'role', :position, :permissions)")
                .bind("id", id)
                .bind("guild", Long.parseLong(guildId))
                .bind("position", position)
                .bind("permissions", permissions)
                .then()
                .block(Duration.ofSeconds(5));
        return id;
    }

    /** Every event of {@code type} about guild {@code guildId} seen so far. */
    protected List<JsonNode> eventsAbout(String type, String guildId) {
        return events.all().stream()
                .filter(e -> e.path("type").asString().equals(type) && isAbout(e, guildId))
                .toList();
    }

    protected static JsonNode json(String text) {
        return Json.mapper().readTree(text);
    }

    /** The one event of {@code type} about guild {@code guildId}. */
    protected JsonNode awaitEvent(String type, String guildId) {
        return events.awaitOne(
                e -> e.path("type").asString().equals(type) && isAbout(e, guildId), Duration.ofSeconds(15));
    }

    private static boolean isAbout(JsonNode event, String guildId) {
        JsonNode data = event.path("data");
        return data.path("id").asString("").equals(guildId)
                || data.path("guild_id").asString("").equals(guildId);
    }
}
