package dev.concord.gateway.dispatch;

import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.gateway.GatewayTestSupport;
import dev.concord.gateway.TestEvents;
import dev.concord.gateway.TestSocket;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.GuildServiceFake;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Guild and channel events delivered to the members connected here, with guild-service played by a fake.
 *
 * <p>That a session did not get an event is shown without waiting: a later event of the same guild (same
 * key, so same partition, handled in order) that it does get arrives first. Each test has a guild and
 * users of its own, so the test classes share one fake (and so one application context); it is never
 * closed, its threads being daemons that end with the test JVM.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class GuildDeliverySupport extends GatewayTestSupport {

    static final GuildServiceFake GUILD_SERVICE = GuildServiceFake.start();
    private static final long PROBE_USER = 5999;
    static final long VIEW = Permission.VIEW_CHANNEL.bit();
    static final long MANAGE_CHANNELS = Permission.MANAGE_CHANNELS.bit();

    @Value("${concord.kafka.bootstrap-servers}")
    String bootstrapServers;

    @Value("${concord.kafka.topic-prefix}")
    String topicPrefix;

    TestEvents events;

    @DynamicPropertySource
    static void guildService(DynamicPropertyRegistry registry) {
        registry.add("concord.guilds.base-url", GUILD_SERVICE::url);
    }

    @BeforeAll
    void consumerIsListening() {
        events = new TestEvents(bootstrapServers, topicPrefix, 50_000);
        try (TestSocket probe = connect()) {
            identify(probe, userToken(PROBE_USER));
            events.awaitConsumer(probe, PROBE_USER);
        }
    }

    @AfterAll
    void stop() {
        events.close();
    }

    /** Publishes an event of the guild, keyed by it as guild-service does. */
    void guildEvent(long guildId, String type, String audience, String data) {
        events.publish(
                "guild.events", Long.toString(guildId), TestEvents.envelope(events.nextId(), type, audience, data));
    }

    /** A marker to these users, which needs no intent. */
    void userEvent(long... userIds) {
        events.publish(
                "social.events", null, TestEvents.envelope(events.nextId(), "TEST_MARKER", users(userIds), "{}"));
    }

    /** The next payload, which must be a dispatch of {@code type}: nothing came before it. */
    static JsonNode expect(TestSocket socket, String type) {
        JsonNode payload = socket.next();
        assertThat(payload.get("op").intValue()).as("op of %s", payload).isZero();
        assertThat(payload.get("t").asString())
                .as("the dispatch after the last one: %s", payload)
                .isEqualTo(type);
        return payload;
    }

    /** The types of the next {@code count} dispatches; member updates with their user. */
    static List<String> received(TestSocket socket, int count) {
        return IntStream.range(0, count)
                .mapToObj(i -> socket.next())
                .map(payload -> {
                    String type = payload.get("t").asString();
                    return type.equals(GUILD_MEMBER_UPDATE)
                            ? type + " "
                                    + payload.get("d").get("user").get("id").asString()
                            : type;
                })
                .toList();
    }

    static String guild(long guildId) {
        return "{\"guild_id\":\"" + guildId + "\"}";
    }

    static String channel(long guildId, long channelId) {
        return "{\"guild_id\":\"" + guildId + "\",\"channel_id\":\"" + channelId + "\"}";
    }

    static String users(long... userIds) {
        StringBuilder ids = new StringBuilder();
        for (long id : userIds) {
            ids.append(ids.isEmpty() ? "" : ",").append('"').append(id).append('"');
        }
        return "{\"user_ids\":[" + ids + "]}";
    }
}
