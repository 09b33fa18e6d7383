package dev.concord.gateway.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.gateway.TestSocket;
import dev.concord.gateway.protocol.Intents;
import dev.concord.platform.test.GuildServiceFake;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Op 8 Request Guild Members over real sockets, with guild-service played by the shared fake (whose
 * usernames are {@code user<id>}). That a request went unanswered is shown by a later request on the same
 * socket being answered first.
 */
class MemberRequestsIT extends GuildDeliverySupport {

    @Test
    void byUsernamePrefixAndByIdWithTheirNonces() {
        GUILD_SERVICE.guild(9100, 9101).member(9102, 0).member(9103, 0).member(9150, 0);
        try (TestSocket person = connect()) {
            identify(person, userToken(9101));

            person.send(request("\"guild_id\":\"9100\",\"query\":\"user910\",\"limit\":10,\"nonce\":\"n1\""));
            JsonNode chunk = expect(person, "GUILD_MEMBERS_CHUNK").get("d");
            assertThat(userIds(chunk)).containsExactly("9101", "9102", "9103");
            assertThat(chunk.get("guild_id").asString()).isEqualTo("9100");
            assertThat(chunk.get("chunk_index").intValue()).isZero();
            assertThat(chunk.get("chunk_count").intValue()).isEqualTo(1);
            assertThat(chunk.get("nonce").asString()).isEqualTo("n1");
            assertThat(chunk.has("not_found")).isFalse();
            assertThat(chunk.has("presences")).isFalse();
            assertThat(chunk.get("members").get(0).get("user").get("username").asString())
                    .isEqualTo("user9101");

            // Ids as a single snowflake or a list; presences asked for (none are served yet); a nonce over
            // 32 bytes is dropped, as the platform drops it.
            person.send(request("\"guild_id\":9100,\"user_ids\":[\"9102\",9999],\"presences\":true," + "\"nonce\":\""
                    + "x".repeat(33) + "\""));
            chunk = expect(person, "GUILD_MEMBERS_CHUNK").get("d");
            assertThat(userIds(chunk)).containsExactly("9102");
            assertThat(chunk.get("not_found")).hasSize(1);
            assertThat(chunk.get("not_found").get(0).asString()).isEqualTo("9999");
            assertThat(chunk.get("presences")).isEmpty();
            assertThat(chunk.has("nonce")).isFalse();
        }
    }

    @Test
    void everyMemberNeedsTheMembersIntentAndIsAskedOnceIn30Seconds() {
        GUILD_SERVICE.guild(9200, 9201).member(9202, 0).member(9203, 0);
        try (TestSocket withoutIntent = connect();
                TestSocket bot = connect()) {
            identifyBot(withoutIntent, 9202, Intents.GUILDS);
            identifyBot(bot, 9203, Intents.GUILDS | Intents.GUILD_MEMBERS);

            withoutIntent.send(request("\"guild_id\":\"9200\",\"query\":\"\",\"limit\":0,\"nonce\":\"all\""));
            withoutIntent.send(request("\"guild_id\":\"9200\",\"query\":\"\",\"limit\":2,\"nonce\":\"two\""));
            withoutIntent.send(request("\"guild_id\":\"9200\",\"user_ids\":\"9201\",\"nonce\":\"one\""));
            assertThat(expect(withoutIntent, "GUILD_MEMBERS_CHUNK")
                            .get("d")
                            .get("nonce")
                            .asString())
                    .isEqualTo("one");

            bot.send(request("\"guild_id\":\"9200\",\"query\":\"\",\"limit\":0,\"nonce\":\"first\""));
            assertThat(userIds(expect(bot, "GUILD_MEMBERS_CHUNK").get("d"))).containsExactly("9201", "9202", "9203");
            bot.send(request("\"guild_id\":\"9200\",\"query\":\"\",\"limit\":0,\"nonce\":\"again\""));
            JsonNode limited = expect(bot, "RATE_LIMITED").get("d");
            assertThat(limited.get("opcode").intValue()).isEqualTo(8);
            assertThat(limited.get("retry_after").doubleValue()).isBetween(0.0, 30.0);
            assertThat(limited.get("meta").get("guild_id").asString()).isEqualTo("9200");
            assertThat(limited.get("meta").get("nonce").asString()).isEqualTo("again");
            // Only asking for everyone is limited.
            bot.send(request("\"guild_id\":\"9200\",\"query\":\"user9201\",\"limit\":5,\"nonce\":\"some\""));
            assertThat(expect(bot, "GUILD_MEMBERS_CHUNK").get("d").get("nonce").asString())
                    .isEqualTo("some");
        }
    }

    @Test
    void aGuildTheUserIsNotInGoesUnanswered() {
        GUILD_SERVICE.guild(9300, 9301);
        GUILD_SERVICE.guild(9310, 9302);
        try (TestSocket stranger = connect()) {
            identify(stranger, userToken(9302));

            stranger.send(request("\"guild_id\":\"9300\",\"user_ids\":[\"9301\"],\"nonce\":\"theirs\""));
            stranger.send(request("\"guild_id\":\"9310\",\"user_ids\":[\"9302\"],\"nonce\":\"mine\""));

            assertThat(expect(stranger, "GUILD_MEMBERS_CHUNK")
                            .get("d")
                            .get("nonce")
                            .asString())
                    .isEqualTo("mine");
        }
    }

    @Test
    void aLargeGuildComesInChunksOf1000InSequence() {
        GuildServiceFake.Guild guild = GUILD_SERVICE.guild(9400, 9401);
        for (long id = 10_000; id < 12_499; id++) {
            guild.member(id, 0);
        }
        try (TestSocket person = connect()) {
            identify(person, userToken(9401));
            person.send(request("\"guild_id\":\"9400\",\"query\":\"\",\"limit\":0"));

            List<String> members = new ArrayList<>();
            long lastSeq = 0;
            for (int index = 0; index < 3; index++) {
                JsonNode dispatch = expect(person, "GUILD_MEMBERS_CHUNK");
                assertThat(dispatch.get("s").longValue()).isGreaterThan(lastSeq);
                lastSeq = dispatch.get("s").longValue();
                assertThat(dispatch.get("d").get("chunk_index").intValue()).isEqualTo(index);
                assertThat(dispatch.get("d").get("chunk_count").intValue()).isEqualTo(3);
                members.addAll(userIds(dispatch.get("d")));
            }
            assertThat(members).hasSize(2500).doesNotHaveDuplicates();
            assertThat(members.get(0)).isEqualTo("9401");
        }
    }

    @Test
    void malformedRequestsClose4002() {
        for (String bad : List.of(
                "\"query\":\"\",\"limit\":0",
                "\"guild_id\":\"abc\",\"query\":\"\",\"limit\":0",
                "\"guild_id\":\"9100\",\"query\":\"a\"",
                "\"guild_id\":\"9100\",\"limit\":0",
                "\"guild_id\":\"9100\",\"query\":5,\"limit\":0",
                "\"guild_id\":\"9100\",\"query\":\"\",\"limit\":-1",
                "\"guild_id\":\"9100\",\"user_ids\":[" + "\"1\",".repeat(100) + "\"1\"]")) {
            try (TestSocket socket = connect()) {
                identify(socket, userToken(9501));
                socket.send(request(bad));
                assertThat(socket.closeCode()).as(bad).isEqualTo(4002);
            }
        }
    }

    private JsonNode identifyBot(TestSocket socket, long userId, long intents) {
        socket.next();
        socket.send(identifyBotPayload(botToken(userId), intents));
        return socket.nextDispatch("READY");
    }

    private static String request(String fields) {
        return "{\"op\":8,\"d\":{" + fields + "}}";
    }

    private static List<String> userIds(JsonNode chunk) {
        return StreamSupport.stream(chunk.get("members").spliterator(), false)
                .map(member -> member.get("user").get("id").asString())
                .toList();
    }
}
