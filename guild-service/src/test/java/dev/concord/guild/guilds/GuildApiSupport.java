package dev.concord.guild.guilds;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.ServiceApiTest;
import dev.concord.platform.test.WebhookServiceFake;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.http.HttpMethod;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/** guild-service through HTTP, with the events it publishes on {@code guild.events} tailed; each test works on users of its own. */
public abstract class GuildApiSupport extends ServiceApiTest {

    private static final AtomicLong USERS = new AtomicLong(290926798626357250L);

    protected GuildApiSupport() {
        super("guild.events");
    }

    /** webhook-service, which auto moderation's alert and raid endpoints ask to change its messages. */
    @DynamicPropertySource
    static void webhookService(DynamicPropertyRegistry registry) {
        registry.add(
                "concord.webhooks.base-url", () -> WebhookServiceFake.shared().url());
    }

    /** A new user, known to the identity replica under {@code name}. */
    protected Snowflake newUser(String name) {
        Snowflake id = Snowflake.of(USERS.incrementAndGet());
        knownUser(id, name + id.value(), "0", false);
        return id;
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

    /** The one event of {@code type} about guild {@code guildId}. */
    protected JsonNode awaitEvent(String type, String guildId) {
        return awaitEvent(e -> e.path("type").asString().equals(type) && isAbout(e, guildId));
    }

    private static boolean isAbout(JsonNode event, String guildId) {
        JsonNode data = event.path("data");
        return data.path("id").asString("").equals(guildId)
                || data.path("guild_id").asString("").equals(guildId);
    }
}
