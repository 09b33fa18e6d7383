package dev.concord.gateway.dispatch;

import static dev.concord.platform.events.EventTypes.CHANNEL_UPDATE;
import static dev.concord.platform.events.EventTypes.GUILD_CREATE;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_ADD;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_UPDATE;
import static dev.concord.platform.events.EventTypes.GUILD_UPDATE;
import static dev.concord.platform.events.EventTypes.INVITE_CREATE;
import static dev.concord.platform.events.EventTypes.PRESENCE_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.gateway.TestEvents;
import dev.concord.gateway.TestSocket;
import dev.concord.gateway.protocol.Intents;
import dev.concord.platform.json.Json;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * What a session gets of its guilds: the events its intents allow, READY listing the guilds as
 * unavailable with a GUILD_CREATE for each, and delivery that goes on when guild-service fails.
 */
// Two rate-limit buckets, so that a bot's two shards may identify within one 5-second window.
@TestPropertySource(properties = "concord.gateway.limits.max-concurrency=2")
class GuildSessionsIT extends GuildDeliverySupport {

    @Test
    void sessionsGetOnlyTheGuildEventsTheirIntentsAllowAndTheirOwnMemberUpdates() {
        long everything = VIEW | MANAGE_CHANNELS;
        GUILD_SERVICE
                .guild(5500, 5501)
                .member(5502, everything)
                .member(5503, everything)
                .member(5504, everything)
                .channel(5510, Map.of(5502L, everything, 5503L, everything, 5504L, everything));
        try (TestSocket person = connect();
                TestSocket guildsBot = connect();
                TestSocket allBot = connect();
                TestSocket membersBot = connect()) {
            identify(person, userToken(5501));
            identifyBot(guildsBot, 5502, Intents.GUILDS);
            identifyBot(allBot, 5503, Intents.GUILDS | Intents.GUILD_MEMBERS | Intents.GUILD_INVITES);
            identifyBot(membersBot, 5504, Intents.GUILD_MEMBERS);

            guildEvent(5500, GUILD_MEMBER_ADD, guild(5500), "{\"guild_id\":\"5500\",\"user\":{\"id\":\"5509\"}}");
            guildEvent(
                    5500,
                    INVITE_CREATE,
                    "{\"guild_id\":\"5500\",\"channel_id\":\"5510\",\"required_permission\":\"MANAGE_CHANNELS\"}",
                    "{\"code\":\"abc\",\"guild_id\":\"5500\",\"channel_id\":\"5510\"}");
            guildEvent(5500, GUILD_MEMBER_UPDATE, guild(5500), "{\"guild_id\":\"5500\",\"user\":{\"id\":\"5501\"}}");
            guildEvent(5500, GUILD_MEMBER_UPDATE, guild(5500), "{\"guild_id\":\"5500\",\"user\":{\"id\":\"5502\"}}");
            guildEvent(5500, CHANNEL_UPDATE, channel(5500, 5510), "{\"id\":\"5510\",\"guild_id\":\"5500\"}");
            guildEvent(5500, "TEST_MARKER", users(5501, 5502, 5503, 5504), "{}");

            List<String> all = List.of(
                    GUILD_MEMBER_ADD,
                    INVITE_CREATE,
                    "GUILD_MEMBER_UPDATE 5501",
                    "GUILD_MEMBER_UPDATE 5502",
                    CHANNEL_UPDATE,
                    "TEST_MARKER");
            assertThat(received(person, 6)).containsExactlyElementsOf(all);
            assertThat(received(allBot, 6)).containsExactlyElementsOf(all);
            // Its own member update needs no GUILD_MEMBERS.
            assertThat(received(guildsBot, 3))
                    .containsExactly("GUILD_MEMBER_UPDATE 5502", CHANNEL_UPDATE, "TEST_MARKER");
            assertThat(received(membersBot, 4))
                    .containsExactly(
                            GUILD_MEMBER_ADD, "GUILD_MEMBER_UPDATE 5501", "GUILD_MEMBER_UPDATE 5502", "TEST_MARKER");
        }
    }

    @Test
    void aMembersPresenceInTheGuildGoesToItsBotsWithThePresenceIntentAndAFriendsToThePerson() {
        GUILD_SERVICE.guild(5700, 5701).member(5702, VIEW).member(5703, VIEW).member(5704, VIEW);
        try (TestSocket person = connect();
                TestSocket presenceBot = connect();
                TestSocket guildsBot = connect()) {
            identify(person, userToken(5701));
            identifyBot(presenceBot, 5702, Intents.GUILDS | Intents.GUILD_PRESENCES);
            identifyBot(guildsBot, 5703, Intents.GUILDS);

            guildEvent(
                    5704,
                    PRESENCE_UPDATE,
                    guild(5700),
                    "{\"user\":{\"id\":\"5704\"},\"guild_id\":\"5700\",\"status\":\"online\"}");
            guildEvent(5704, PRESENCE_UPDATE, users(5701), "{\"user\":{\"id\":\"5704\"},\"status\":\"idle\"}");
            guildEvent(5700, "TEST_MARKER", users(5701, 5702, 5703), "{}");

            assertThat(received(presenceBot, 2)).containsExactly(PRESENCE_UPDATE, "TEST_MARKER");
            assertThat(received(person, 2)).containsExactly(PRESENCE_UPDATE, "TEST_MARKER");
            assertThat(received(guildsBot, 1)).containsExactly("TEST_MARKER");
        }
    }

    @Test
    void readyListsTheGuildsAsUnavailableAndAGuildCreateFollowsForEach() {
        JsonNode first =
                Json.mapper().readTree("{\"id\":\"5610\",\"name\":\"first\",\"unavailable\":false,\"channels\":[]}");
        JsonNode second =
                Json.mapper().readTree("{\"id\":\"5620\",\"name\":\"second\",\"unavailable\":false,\"channels\":[]}");
        GUILD_SERVICE.guildsOf(5601, first, second);
        GUILD_SERVICE.guildsOf(5602, first);
        try (TestSocket person = connect();
                TestSocket bot = connect()) {
            JsonNode ready = identify(person, userToken(5601));
            assertThat(ready.get("s").longValue()).isEqualTo(1);
            assertThat(ready.get("d").get("guilds"))
                    .isEqualTo(Json.mapper()
                            .readTree(
                                    "[{\"id\":\"5610\",\"unavailable\":true},{\"id\":\"5620\",\"unavailable\":true}]"));
            JsonNode firstCreate = expect(person, GUILD_CREATE);
            assertThat(firstCreate.get("s").longValue()).isEqualTo(2);
            assertThat(firstCreate.get("d")).isEqualTo(first);
            JsonNode secondCreate = expect(person, GUILD_CREATE);
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
    void aShardGetsOnlyItsGuildsAndShardZeroWhatBelongsToNoGuild() {
        // (id >> 22) % 2: guild 8388608 is shard 0's, guild 12582912 shard 1's.
        long even = 2L << 22;
        long odd = 3L << 22;
        GUILD_SERVICE.guild(even, 5801).member(5802, VIEW);
        GUILD_SERVICE.guild(odd, 5801).member(5802, VIEW);
        JsonNode evenGuild = Json.mapper().readTree("{\"id\":\"" + even + "\",\"name\":\"even\",\"channels\":[]}");
        JsonNode oddGuild = Json.mapper().readTree("{\"id\":\"" + odd + "\",\"name\":\"odd\",\"channels\":[]}");
        GUILD_SERVICE.guildsOf(5802, evenGuild, oddGuild);
        try (TestSocket shard0 = connect();
                TestSocket shard1 = connect()) {
            JsonNode ready0 = identifyShard(shard0, 5802, 0, 2);
            JsonNode ready1 = identifyShard(shard1, 5802, 1, 2);

            assertThat(ready0.get("d").get("guilds").get(0).get("id").asString())
                    .isEqualTo(Long.toString(even));
            assertThat(ready0.get("d").get("guilds")).hasSize(1);
            assertThat(ready1.get("d").get("guilds").get(0).get("id").asString())
                    .isEqualTo(Long.toString(odd));
            assertThat(ready1.get("d").get("guilds")).hasSize(1);
            assertThat(expect(shard0, GUILD_CREATE).get("d")).isEqualTo(evenGuild);
            assertThat(expect(shard1, GUILD_CREATE).get("d")).isEqualTo(oddGuild);

            guildEvent(odd, GUILD_UPDATE, guild(odd), "{\"id\":\"" + odd + "\",\"name\":\"odd again\"}");
            guildEvent(even, GUILD_UPDATE, guild(even), "{\"id\":\"" + even + "\",\"name\":\"even again\"}");
            guildEvent(odd, "MARKER_ODD", guild(odd), "{\"guild_id\":\"" + odd + "\"}");
            guildEvent(even, "MARKER_EVEN", guild(even), "{\"guild_id\":\"" + even + "\"}");
            userEvent(5802);

            // The user's own event (no guild) is shard 0's; guild events are their guild's shard's.
            assertThat(received(shard0, 3)).containsExactlyInAnyOrder(GUILD_UPDATE, "MARKER_EVEN", "TEST_MARKER");
            guildEvent(odd, "MARKER_ODD_AFTER", guild(odd), "{\"guild_id\":\"" + odd + "\"}");
            assertThat(received(shard1, 3)).containsExactly(GUILD_UPDATE, "MARKER_ODD", "MARKER_ODD_AFTER");
        }
    }

    @Test
    void gatewayBotRecommendsAShardPerThousandGuilds() throws Exception {
        for (long guild = 0; guild < 1001; guild++) {
            GUILD_SERVICE.guild(9_000_000 + guild, 5901).member(5902, VIEW);
        }
        HttpResponse<String> answer = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/gateway/bot"))
                                .header("Authorization", "Bot " + botToken(5902))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(Json.mapper().readTree(answer.body()).get("shards").intValue())
                .isEqualTo(2);
    }

    @Test
    void readyStillGoesOutWithoutGuildsWhenGuildServiceFailsOrDoesNotAnswer() {
        GUILD_SERVICE.failGuildsOf(5701);
        GUILD_SERVICE.hangGuildsOf(5702);
        try (TestSocket failing = connect();
                TestSocket hanging = connect()) {
            assertThat(identify(failing, userToken(5701)).get("d").get("guilds"))
                    .isEmpty();
            assertThat(identify(hanging, userToken(5702)).get("d").get("guilds"))
                    .isEmpty();

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

            // Events that need the guild's permissions, so its snapshot: that fails, then asking
            // guild-service the old way fails too, and the event is retried.
            GUILD_SERVICE.failNext(2);
            guildEvent(5800, AUDIT, auditAudience(5800), "{\"id\":\"5800\",\"name\":\"retried\"}");
            assertThat(expect(owner, AUDIT).get("d").get("name").asString()).isEqualTo("retried");

            // Same key as the next one, so it is handled first: given up after a few attempts.
            events.publish(
                    "guild.events",
                    "5800",
                    TestEvents.envelope(
                            events.nextId(), AUDIT, auditAudience(5850), "{\"id\":\"5850\",\"name\":\"never\"}"));
            guildEvent(5800, GUILD_UPDATE, guild(5800), "{\"id\":\"5800\",\"name\":\"after\"}");
            assertThat(expect(owner, GUILD_UPDATE).get("d").get("name").asString())
                    .isEqualTo("after");
        }
        assertThat(GUILD_SERVICE.requestsAbout(5850)).hasSizeGreaterThan(1);
    }

    private static final String AUDIT = "GUILD_AUDIT_LOG_ENTRY_CREATE";

    private static String auditAudience(long guildId) {
        return "{\"guild_id\":\"" + guildId + "\",\"required_permission\":\"VIEW_AUDIT_LOG\"}";
    }

    private JsonNode identifyShard(TestSocket socket, long userId, int shard, int shards) {
        socket.next();
        socket.send("{\"op\":2,\"d\":{\"token\":\"" + botToken(userId) + "\",\"intents\":" + Intents.GUILDS
                + ",\"shard\":[" + shard + "," + shards + "],\"properties\":{}}}");
        return socket.nextDispatch("READY");
    }

    private JsonNode identifyBot(TestSocket socket, long userId, long intents) {
        JsonNode hello = socket.next();
        assertThat(hello.get("op").intValue()).isEqualTo(10);
        socket.send(identifyBotPayload(botToken(userId), intents));
        return socket.nextDispatch("READY");
    }
}
