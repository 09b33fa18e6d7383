package dev.concord.webhook.messages;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.GuildServiceFake;
import dev.concord.platform.test.ServiceApiTest;
import dev.concord.platform.test.SocialServiceFake;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.http.HttpMethod;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * webhook-service's messages through HTTP, against real PostgreSQL and Kafka, with guild-service's
 * and social-service's internal APIs answered by fakes on loopback (shared by every class, so one
 * application context).
 */
abstract class MessageApiSupport extends ServiceApiTest {

    static final GuildServiceFake GUILD_SERVICE = GuildServiceFake.start();
    static final SocialServiceFake SOCIAL_SERVICE = SocialServiceFake.start();
    static final Path ATTACHMENTS = Path.of("target", "attachments").toAbsolutePath();
    private static final AtomicLong IDS = new AtomicLong(491926798626357250L);

    /** What a member of a plain guild holds: see, send, read history, embed links. */
    static final long MEMBER = Permission.bits(
            Permission.VIEW_CHANNEL, Permission.SEND_MESSAGES, Permission.READ_MESSAGE_HISTORY, Permission.EMBED_LINKS);

    @DynamicPropertySource
    static void guildService(DynamicPropertyRegistry registry) {
        registry.add("concord.guilds.base-url", GUILD_SERVICE::url);
        registry.add("concord.social.base-url", SOCIAL_SERVICE::url);
        // A small cap, so a test can go past it without megabytes of its own.
        registry.add("concord.attachments.max-file-bytes", () -> "1048576");
        registry.add("concord.attachments.directory", () -> ATTACHMENTS.toString());
    }

    MessageApiSupport() {
        super("webhook.events");
    }

    /** A guild with its owner and one text channel in which every member keeps their guild permissions. */
    record Place(Snowflake guild, Snowflake channel, Snowflake owner, GuildServiceFake.Guild fake) {

        Snowflake member(MessageApiSupport test, String name, long permissions) {
            Snowflake user = test.newUser(name);
            fake.member(user.value(), permissions);
            return user;
        }
    }

    Place newPlace() {
        Snowflake guild = Snowflake.of(IDS.incrementAndGet());
        Snowflake channel = Snowflake.of(IDS.incrementAndGet());
        Snowflake owner = newUser("owner");
        GuildServiceFake.Guild fake = GUILD_SERVICE.guild(guild.value(), owner.value());
        fake.channel(channel.value(), Permission.ALL);
        return new Place(guild, channel, owner, fake);
    }

    /** A DM channel between the two users. */
    Snowflake directMessage(Snowflake one, Snowflake other) {
        Snowflake channel = Snowflake.of(IDS.incrementAndGet());
        GUILD_SERVICE.directMessage(channel.value(), one.value(), other.value());
        return channel;
    }

    Snowflake groupDirectMessage(Snowflake owner, Snowflake... others) {
        Snowflake channel = Snowflake.of(IDS.incrementAndGet());
        long[] recipients = new long[others.length + 1];
        recipients[0] = owner.value();
        for (int i = 0; i < others.length; i++) {
            recipients[i + 1] = others[i].value();
        }
        GUILD_SERVICE.groupDirectMessage(channel.value(), recipients);
        return channel;
    }

    Snowflake newUser(String name) {
        Snowflake id = Snowflake.of(IDS.incrementAndGet());
        knownUser(id, name + id.value(), "0", false);
        return id;
    }

    Response send(Snowflake user, Snowflake channel, String body) {
        return call(HttpMethod.POST, "/channels/" + channel + "/messages", userToken(user), body);
    }

    Response get(Snowflake user, String path) {
        return call(HttpMethod.GET, path, userToken(user), null);
    }

    long stored(String sql, Snowflake id) {
        return db.sql(sql)
                .bind("id", id.value())
                .map(row -> row.get(0, Long.class))
                .one()
                .block(Duration.ofSeconds(5));
    }
}
