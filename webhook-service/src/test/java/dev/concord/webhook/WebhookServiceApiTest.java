package dev.concord.webhook;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApplicationServiceFake;
import dev.concord.platform.test.GuildServiceFake;
import dev.concord.platform.test.ServiceApiTest;
import dev.concord.platform.test.SocialServiceFake;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * webhook-service through HTTP, against real PostgreSQL and Kafka, with guild-service's, social-service's
 * and remote-auth-service's internal APIs answered by fakes on loopback (shared by every class, so one application
 * context).
 */
public abstract class WebhookServiceApiTest extends ServiceApiTest {

    protected static final GuildServiceFake GUILD_SERVICE = GuildServiceFake.start();
    protected static final SocialServiceFake SOCIAL_SERVICE = SocialServiceFake.start();
    /** remote-auth-service's interaction delivery. */
    protected static final ApplicationServiceFake APPLICATIONS = ApplicationServiceFake.start();
    /** How long an application has to answer an interaction here (the platform's three seconds). */
    protected static final Duration RESPONSE_DEADLINE = Duration.ofSeconds(3);

    protected static final Path ATTACHMENTS = Path.of("target", "attachments").toAbsolutePath();
    /** The whole request's ceiling, small here so a test can pass it (the platform's is 100 MiB). */
    protected static final long MAX_REQUEST_BYTES = 3 * 1024 * 1024;

    private static final AtomicLong IDS = new AtomicLong(491926798626357250L);

    @DynamicPropertySource
    static void guildService(DynamicPropertyRegistry registry) {
        registry.add("concord.guilds.base-url", GUILD_SERVICE::url);
        registry.add("concord.social.base-url", SOCIAL_SERVICE::url);
        registry.add("concord.applications.base-url", APPLICATIONS::url);
        registry.add("concord.interactions.response-deadline", RESPONSE_DEADLINE::toString);
        // A small cap, so a test can go past it without megabytes of its own.
        registry.add("concord.attachments.max-file-bytes", () -> "1048576");
        registry.add("concord.attachments.max-request-bytes", () -> Long.toString(MAX_REQUEST_BYTES));
        registry.add("concord.attachments.directory", () -> ATTACHMENTS.toString());
    }

    protected WebhookServiceApiTest() {
        super("webhook.events");
    }

    /** A guild with its owner and one text channel in which every member keeps their guild permissions. */
    protected record Place(Snowflake guild, Snowflake channel, Snowflake owner, GuildServiceFake.Guild fake) {

        public Snowflake member(WebhookServiceApiTest test, String name, long permissions) {
            Snowflake user = test.newUser(name);
            fake.member(user.value(), permissions);
            return user;
        }

        /** Another text channel of the guild, with every member's guild permissions. */
        public Snowflake channel(WebhookServiceApiTest test) {
            Snowflake channel = test.newId();
            fake.channel(channel.value(), Permission.ALL);
            return channel;
        }
    }

    protected Place newPlace() {
        Snowflake guild = newId();
        Snowflake channel = newId();
        Snowflake owner = newUser("owner");
        GuildServiceFake.Guild fake = GUILD_SERVICE.guild(guild.value(), owner.value());
        fake.channel(channel.value(), Permission.ALL);
        return new Place(guild, channel, owner, fake);
    }

    protected Snowflake newId() {
        return Snowflake.of(IDS.incrementAndGet());
    }

    protected Snowflake newUser(String name) {
        Snowflake id = newId();
        knownUser(id, name + id.value(), "0", false);
        return id;
    }

    protected long stored(String sql, Snowflake id) {
        return db.sql(sql)
                .bind("id", id.value())
                .map(row -> row.get(0, Long.class))
                .one()
                .block(Duration.ofSeconds(5));
    }
}
