package dev.concord.gateway.members;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.gateway.protocol.GuildMembersRequest;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class MemberChunksTest {

    private static final Snowflake GUILD = Snowflake.of(41);

    @Test
    void atMost1000MembersAChunkNumberedInOrder() {
        List<JsonNode> members =
                LongStream.range(1, 2502).mapToObj(MemberChunksTest::member).toList();
        GuildMembersRequest all = new GuildMembersRequest(List.of(GUILD), "", 0, null, false, "n");

        List<ObjectNode> chunks = MemberChunks.of(Json.mapper(), GUILD, members, all, false);

        assertThat(chunks).hasSize(3);
        assertThat(chunks).extracting(chunk -> chunk.get("members").size()).containsExactly(1000, 1000, 501);
        assertThat(chunks)
                .extracting(chunk -> chunk.get("chunk_index").intValue())
                .containsExactly(0, 1, 2);
        assertThat(chunks).allSatisfy(chunk -> {
            assertThat(chunk.get("chunk_count").intValue()).isEqualTo(3);
            assertThat(chunk.get("guild_id").asString()).isEqualTo("41");
            assertThat(chunk.get("nonce").asString()).isEqualTo("n");
            assertThat(chunk.has("not_found")).isFalse();
            assertThat(chunk.has("presences")).isFalse();
        });
    }

    @Test
    void noMembersIsOneEmptyChunkAndIdsNotFoundAreNamed() {
        GuildMembersRequest byId =
                new GuildMembersRequest(List.of(GUILD), null, 0, List.of(Snowflake.of(1), Snowflake.of(9)), true, null);

        List<ObjectNode> chunks = MemberChunks.of(Json.mapper(), GUILD, List.of(member(1)), byId, true);

        assertThat(chunks).hasSize(1);
        assertThat(chunks.get(0).toString())
                .isEqualTo("{\"guild_id\":\"41\",\"members\":[{\"user\":{\"id\":\"1\"}}],\"chunk_index\":0,"
                        + "\"chunk_count\":1,\"not_found\":[\"9\"],\"presences\":[]}");
        assertThat(MemberChunks.of(Json.mapper(), GUILD, List.of(), byId, false)
                        .get(0)
                        .get("chunk_count")
                        .intValue())
                .isEqualTo(1);
    }

    @Test
    void rateLimited() {
        assertThat(MemberChunks.rateLimited(Json.mapper(), GUILD, 12.5, "n").toString())
                .isEqualTo("{\"opcode\":8,\"retry_after\":12.5,\"meta\":{\"guild_id\":\"41\",\"nonce\":\"n\"}}");
    }

    private static JsonNode member(long userId) {
        ObjectNode member = Json.mapper().createObjectNode();
        member.putObject("user").put("id", Long.toString(userId));
        return member;
    }
}
