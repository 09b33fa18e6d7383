package dev.concord.gateway.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.gateway.GatewayTestSupport;
import dev.concord.gateway.GuildServiceStub;
import dev.concord.gateway.TestEvents;
import dev.concord.gateway.TestSocket;
import dev.concord.gateway.protocol.Intents;
import dev.concord.platform.json.Json;
import dev.concord.platform.permissions.Permission;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Guild and channel events reach the members connected here who may see them, as guild-service (a stub
 * here) answers; READY lists the user's guilds and a GUILD_CREATE follows for each.
 *
 * <p>That a session did not get an event is shown without waiting: a later event of the same guild (same
 * key, so same partition, handled in order) that it does get arrives first. Each test has a guild and
 * users of its own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GuildDeliveryIT extends GatewayTestSupport {

    private static final GuildServiceStub GUILD_SERVICE = GuildServiceStub.start();
    private static final long PROBE_USER = 5999;
    private static final long VIEW = Permission.VIEW_CHANNEL.bit();
    private static final long MANAGE_CHANNELS = Permission.MANAGE_CHANNELS.bit();

    @Value("${concord.kafka.bootstrap-servers}")
    String bootstrapServers;

    @Value("${concord.kafka.topic-prefix}")
    String topicPrefix;

    private TestEvents events;

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
        GUILD_SERVICE.close();
    }

    @Test
    void aGuildEventReachesEveryConnectedMemberAndNoOneElse() {
        GUILD_SERVICE.guild(5100, 5101).member(5102, VIEW).member(5103, VIEW).member(5105, VIEW);
        try (TestSocket owner = connect(); TestSocket member = connect(); TestSocket other = connect();
                TestSocket outsider = connect()) {
            identify(owner, userToken(5101));
            identify(member, userToken(5102));
            identify(other, userToken(5103));
            identify(outsider, userToken(5104));

            guildEvent(5100, "GUILD_UPDATE", guild(5100), "{\"id\":\"5100\",\"name\":\"renamed\"}");
            guildEvent(5100, "TEST_MARKER", users(5104), "{}");

            for (TestSocket socket : List.of(owner, member, other)) {
                JsonNode update = expect(socket, "GUILD_UPDATE");
                assertThat(update.get("s").longValue()).isEqualTo(2);
                assertThat(update.get("d").get("name").asString()).isEqualTo("renamed");
            }
            assertThat(expect(outsider, "TEST_MARKER").get("s").longValue()).isEqualTo(2);
        }
    }

    @Test
    void aChannelEventReachesOnlyTheMembersWhoCanViewItAndOnlyConnectedOnesAreAskedAbout() {
        GUILD_SERVICE.guild(5200, 5201).member(5202, VIEW).member(5203, VIEW).member(5205, VIEW)
                .channel(5210, Map.of(5202L, VIEW, 5205L, VIEW));
        try (TestSocket owner = connect(); TestSocket viewer = connect(); TestSocket blind = connect()) {
            identify(owner, userToken(5201));
            identify(viewer, userToken(5202));
            identify(blind, userToken(5203));

            guildEvent(5200, "CHANNEL_UPDATE", channel(5200, 5210), "{\"id\":\"5210\",\"guild_id\":\"5200\"}");
            guildEvent(5200, "GUILD_UPDATE", guild(5200), "{\"id\":\"5200\"}");

            expect(owner, "CHANNEL_UPDATE");
            expect(viewer, "CHANNEL_UPDATE");
            expect(blind, "GUILD_UPDATE");
            expect(owner, "GUILD_UPDATE");
            expect(viewer, "GUILD_UPDATE");
        }
        List<String> askedAbout = GUILD_SERVICE.requestsAbout(5200).stream()
                .flatMap(request -> request.userIds().stream()).distinct().toList();
        assertThat(askedAbout).isNotEmpty().doesNotContain("5205");
    }

    @Test
    void aDeletedChannelsAudienceComesFromTheOverwritesItCarries() {
        // guild-service no longer knows channel 5310: asked about it by id, it would answer 404.
        GUILD_SERVICE.guild(5300, 5301).member(5302, VIEW).member(5303, VIEW);
        try (TestSocket owner = connect(); TestSocket hidden = connect(); TestSocket allowed = connect()) {
            identify(owner, userToken(5301));
            identify(hidden, userToken(5302));
            identify(allowed, userToken(5303));

            guildEvent(5300, "CHANNEL_DELETE", channel(5300, 5310), "{\"id\":\"5310\",\"guild_id\":\"5300\",\"type\":0,"
                    + "\"permission_overwrites\":[{\"id\":\"5300\",\"type\":0,\"allow\":\"0\",\"deny\":\"1024\"},"
                    + "{\"id\":\"5303\",\"type\":1,\"allow\":\"1024\",\"deny\":\"0\"}]}");
            guildEvent(5300, "GUILD_UPDATE", guild(5300), "{\"id\":\"5300\"}");

            assertThat(expect(owner, "CHANNEL_DELETE").get("d").get("id").asString()).isEqualTo("5310");
            expect(allowed, "CHANNEL_DELETE");
            expect(hidden, "GUILD_UPDATE");
        }
        assertThat(GUILD_SERVICE.requestsAbout(5300)).anyMatch(request -> request.body() != null && request.body().has("overwrites"));
    }

    @Test
    void aRequiredPermissionNarrowsTheAudienceInTheChannelOrGuildWide() {
        long auditLog = Permission.VIEW_AUDIT_LOG.bit();
        GUILD_SERVICE.guild(5400, 5401)
                .member(5402, VIEW | MANAGE_CHANNELS)
                .member(5403, VIEW | auditLog)
                .channel(5410, Map.of(5402L, VIEW, 5403L, VIEW | MANAGE_CHANNELS));
        try (TestSocket owner = connect(); TestSocket manager = connect(); TestSocket moderator = connect()) {
            identify(owner, userToken(5401));
            identify(manager, userToken(5402));
            identify(moderator, userToken(5403));

            guildEvent(5400, "INVITE_CREATE", "{\"guild_id\":\"5400\",\"channel_id\":\"5410\",\"required_permission\":\"MANAGE_CHANNELS\"}",
                    "{\"code\":\"abc\",\"guild_id\":\"5400\",\"channel_id\":\"5410\"}");
            guildEvent(5400, "GUILD_AUDIT_LOG_ENTRY_CREATE", "{\"guild_id\":\"5400\",\"required_permission\":\"VIEW_AUDIT_LOG\"}",
                    "{\"guild_id\":\"5400\"}");
            guildEvent(5400, "GUILD_UPDATE", guild(5400), "{\"id\":\"5400\"}");

            for (TestSocket socket : List.of(owner, moderator)) {
                expect(socket, "INVITE_CREATE");
                expect(socket, "GUILD_AUDIT_LOG_ENTRY_CREATE");
                expect(socket, "GUILD_UPDATE");
            }
            // MANAGE_CHANNELS guild-wide, but not in the channel; no VIEW_AUDIT_LOG.
            expect(manager, "GUILD_UPDATE");
        }
    }

    @Test
    void sessionsGetOnlyTheGuildEventsTheirIntentsAllowAndTheirOwnMemberUpdates() {
        long everything = VIEW | MANAGE_CHANNELS;
        GUILD_SERVICE.guild(5500, 5501).member(5502, everything).member(5503, everything).member(5504, everything)
                .channel(5510, Map.of(5502L, everything, 5503L, everything, 5504L, everything));
        try (TestSocket person = connect(); TestSocket guildsBot = connect(); TestSocket allBot = connect();
                TestSocket membersBot = connect()) {
            identify(person, userToken(5501));
            identifyBot(guildsBot, 5502, Intents.GUILDS);
            identifyBot(allBot, 5503, Intents.GUILDS | Intents.GUILD_MEMBERS | Intents.GUILD_INVITES);
            identifyBot(membersBot, 5504, Intents.GUILD_MEMBERS);

            guildEvent(5500, "GUILD_MEMBER_ADD", guild(5500), "{\"guild_id\":\"5500\",\"user\":{\"id\":\"5509\"}}");
            guildEvent(5500, "INVITE_CREATE", "{\"guild_id\":\"5500\",\"channel_id\":\"5510\",\"required_permission\":\"MANAGE_CHANNELS\"}",
                    "{\"code\":\"abc\",\"guild_id\":\"5500\",\"channel_id\":\"5510\"}");
            guildEvent(5500, "GUILD_MEMBER_UPDATE", guild(5500), "{\"guild_id\":\"5500\",\"user\":{\"id\":\"5501\"}}");
            guildEvent(5500, "GUILD_MEMBER_UPDATE", guild(5500), "{\"guild_id\":\"5500\",\"user\":{\"id\":\"5502\"}}");
            guildEvent(5500, "CHANNEL_UPDATE", channel(5500, 5510), "{\"id\":\"5510\",\"guild_id\":\"5500\"}");
            guildEvent(5500, "TEST_MARKER", users(5501, 5502, 5503, 5504), "{}");

            List<String> all = List.of("GUILD_MEMBER_ADD", "INVITE_CREATE", "GUILD_MEMBER_UPDATE 5501",
                    "GUILD_MEMBER_UPDATE 5502", "CHANNEL_UPDATE", "TEST_MARKER");
            assertThat(received(person, 6)).containsExactlyElementsOf(all);
            assertThat(received(allBot, 6)).containsExactlyElementsOf(all);
            // Its own member update needs no GUILD_MEMBERS.
            assertThat(received(guildsBot, 3)).containsExactly("GUILD_MEMBER_UPDATE 5502", "CHANNEL_UPDATE", "TEST_MARKER");
            assertThat(received(membersBot, 4))
                    .containsExactly("GUILD_MEMBER_ADD", "GUILD_MEMBER_UPDATE 5501", "GUILD_MEMBER_UPDATE 5502", "TEST_MARKER");
        }
    }

    @Test
    void readyListsTheGuildsAsUnavailableAndAGuildCreateFollowsForEach() {
        JsonNode first = Json.mapper().readTree("{\"id\":\"5610\",\"name\":\"first\",\"unavailable\":false,\"channels\":[]}");
        JsonNode second = Json.mapper().readTree("{\"id\":\"5620\",\"name\":\"second\",\"unavailable\":false,\"channels\":[]}");
        GUILD_SERVICE.guildsOf(5601, first, second);
        GUILD_SERVICE.guildsOf(5602, first);
        try (TestSocket person = connect(); TestSocket bot = connect()) {
            JsonNode ready = identify(person, userToken(5601));
            assertThat(ready.get("s").longValue()).isEqualTo(1);
            assertThat(ready.get("d").get("guilds")).isEqualTo(Json.mapper().readTree(
                    "[{\"id\":\"5610\",\"unavailable\":true},{\"id\":\"5620\",\"unavailable\":true}]"));
            JsonNode firstCreate = expect(person, "GUILD_CREATE");
            assertThat(firstCreate.get("s").longValue()).isEqualTo(2);
            assertThat(firstCreate.get("d")).isEqualTo(first);
            JsonNode secondCreate = expect(person, "GUILD_CREATE");
            assertThat(secondCreate.get("s").longValue()).isEqualTo(3);
            assertThat(secondCreate.get("d")).isEqualTo(second);

            // Without GUILDS a bot's READY lists none, and no GUILD_CREATE follows.
            JsonNode botReady = identifyBot(bot, 5602, Intents.GUILD_MEMBERS);
            assertThat(botReady.get("d").get("guilds")).isEmpty();

            userEvent(5601, 5602);
            assertThat(expect(person, "TEST_MARKER").get("s").longValue()).isEqualTo(4);
            assertThat(expect(bot, "TEST_MARKER").get("s").longValue()).isEqualTo(2);
        }
    }

    @Test
    void readyStillGoesOutWithoutGuildsWhenGuildServiceFailsOrDoesNotAnswer() {
        GUILD_SERVICE.failGuildsOf(5701);
        GUILD_SERVICE.hangGuildsOf(5702);
        try (TestSocket failing = connect(); TestSocket hanging = connect()) {
            assertThat(identify(failing, userToken(5701)).get("d").get("guilds")).isEmpty();
            assertThat(identify(hanging, userToken(5702)).get("d").get("guilds")).isEmpty();

            userEvent(5701, 5702);
            assertThat(expect(failing, "TEST_MARKER").get("s").longValue()).isEqualTo(2);
            assertThat(expect(hanging, "TEST_MARKER").get("s").longValue()).isEqualTo(2);
        }
    }

    @Test
    void aFailedLookupIsRetriedAndOneThatKeepsFailingDoesNotStopDelivery() {
        GUILD_SERVICE.guild(5800, 5801);
        GUILD_SERVICE.guild(5850, 5801);
        GUILD_SERVICE.breakGuild(5850);
        try (TestSocket owner = connect()) {
            identify(owner, userToken(5801));

            GUILD_SERVICE.failNext.set(2);
            guildEvent(5800, "GUILD_UPDATE", guild(5800), "{\"id\":\"5800\",\"name\":\"retried\"}");
            assertThat(expect(owner, "GUILD_UPDATE").get("d").get("name").asString()).isEqualTo("retried");

            // Same key as the next one, so it is handled first: given up after a few attempts.
            events.publish("guild.events", "5800", TestEvents.envelope(events.nextId(), "GUILD_UPDATE", guild(5850),
                    "{\"id\":\"5850\",\"name\":\"never\"}"));
            guildEvent(5800, "GUILD_UPDATE", guild(5800), "{\"id\":\"5800\",\"name\":\"after\"}");
            assertThat(expect(owner, "GUILD_UPDATE").get("d").get("name").asString()).isEqualTo("after");
        }
        assertThat(GUILD_SERVICE.requestsAbout(5850)).hasSizeGreaterThan(1);
    }

    private JsonNode identifyBot(TestSocket socket, long userId, long intents) {
        JsonNode hello = socket.next();
        assertThat(hello.get("op").intValue()).isEqualTo(10);
        socket.send(identifyBotPayload(botToken(userId), intents));
        return socket.nextDispatch("READY");
    }

    /** Publishes an event of the guild, keyed by it as guild-service does. */
    private void guildEvent(long guildId, String type, String audience, String data) {
        events.publish("guild.events", Long.toString(guildId), TestEvents.envelope(events.nextId(), type, audience, data));
    }

    /** A marker to these users, which needs no intent. */
    private void userEvent(long... userIds) {
        events.publish("social.events", null, TestEvents.envelope(events.nextId(), "TEST_MARKER", users(userIds), "{}"));
    }

    /** The next payload, which must be a dispatch of {@code type}: nothing came before it. */
    private static JsonNode expect(TestSocket socket, String type) {
        JsonNode payload = socket.next();
        assertThat(payload.get("op").intValue()).as("op of %s", payload).isZero();
        assertThat(payload.get("t").asString()).as("the dispatch after the last one: %s", payload).isEqualTo(type);
        return payload;
    }

    /** The types of the next {@code count} dispatches; member updates with their user. */
    private static List<String> received(TestSocket socket, int count) {
        return IntStream.range(0, count).mapToObj(i -> socket.next()).map(payload -> {
            String type = payload.get("t").asString();
            return type.equals("GUILD_MEMBER_UPDATE") ? type + " " + payload.get("d").get("user").get("id").asString() : type;
        }).toList();
    }

    private static String guild(long guildId) {
        return "{\"guild_id\":\"" + guildId + "\"}";
    }

    private static String channel(long guildId, long channelId) {
        return "{\"guild_id\":\"" + guildId + "\",\"channel_id\":\"" + channelId + "\"}";
    }

    private static String users(long... userIds) {
        StringBuilder ids = new StringBuilder();
        for (long id : userIds) {
            ids.append(ids.isEmpty() ? "" : ",").append('"').append(id).append('"');
        }
        return "{\"user_ids\":[" + ids + "]}";
    }
}
