package dev.concord.gateway.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GuildMembersRequestTest {

    @Test
    void aQueryWithItsLimit() {
        GuildMembersRequest request = parse("{\"guild_id\":\"41\",\"query\":\"ab\",\"limit\":10,\"nonce\":\"n\"}");

        assertThat(request.guildIds()).containsExactly(Snowflake.of(41));
        assertThat(request.query()).isEqualTo("ab");
        assertThat(request.limit()).isEqualTo(10);
        assertThat(request.userIds()).isNull();
        assertThat(request.nonce()).isEqualTo("n");
        assertThat(request.wantsAll()).isFalse();
        assertThat(request.listsMembers()).isFalse();
        GuildMembersRequest all = parse("{\"guild_id\":41,\"query\":\"\",\"limit\":0}");
        assertThat(all.wantsAll()).isTrue();
        assertThat(all.listsMembers()).isTrue();
        GuildMembersRequest some = parse("{\"guild_id\":41,\"query\":\"\",\"limit\":5}");
        assertThat(some.wantsAll()).isFalse();
        assertThat(some.listsMembers()).isTrue();
    }

    @Test
    void idsOneOrManyAndSeveralGuilds() {
        assertThat(parse("{\"guild_id\":[\"1\",2],\"user_ids\":\"7\"}").userIds())
                .containsExactly(Snowflake.of(7));
        assertThat(parse("{\"guild_id\":[\"1\",2],\"user_ids\":[\"7\",8]}").guildIds())
                .containsExactly(Snowflake.of(1), Snowflake.of(2));
        // Ids win over a query sent along.
        assertThat(parse("{\"guild_id\":\"1\",\"user_ids\":[\"7\"],\"query\":\"\"}")
                        .query())
                .isNull();
    }

    @Test
    void aNonceOver32BytesIsIgnored() {
        assertThat(parse("{\"guild_id\":\"1\",\"user_ids\":[\"7\"],\"nonce\":\"" + "é".repeat(16) + "\"}")
                        .nonce())
                .hasSize(16);
        assertThat(parse("{\"guild_id\":\"1\",\"user_ids\":[\"7\"],\"nonce\":\"" + "é".repeat(17) + "\"}")
                        .nonce())
                .isNull();
        assertThat(parse("{\"guild_id\":\"1\",\"user_ids\":[\"7\"],\"nonce\":5}")
                        .nonce())
                .isNull();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "null",
                "[]",
                "{\"query\":\"\",\"limit\":0}",
                "{\"guild_id\":null,\"query\":\"\",\"limit\":0}",
                "{\"guild_id\":\"x\",\"query\":\"\",\"limit\":0}",
                "{\"guild_id\":-1,\"query\":\"\",\"limit\":0}",
                "{\"guild_id\":[],\"query\":\"\",\"limit\":0}",
                "{\"guild_id\":\"1\"}",
                "{\"guild_id\":\"1\",\"query\":\"a\"}",
                "{\"guild_id\":\"1\",\"query\":1,\"limit\":0}",
                "{\"guild_id\":\"1\",\"query\":\"\",\"limit\":-1}",
                "{\"guild_id\":\"1\",\"query\":\"\",\"limit\":1.5}",
                "{\"guild_id\":\"1\",\"query\":\"\",\"limit\":0,\"presences\":\"yes\"}",
                "{\"guild_id\":\"1\",\"user_ids\":[]}",
                "{\"guild_id\":\"1\",\"user_ids\":[\"a\"]}",
                "{\"guild_id\":\"1\",\"user_ids\":{}}",
            })
    void anythingElseIsADecodeError(String d) {
        assertThatThrownBy(() -> parse(d))
                .isInstanceOfSatisfying(ProtocolViolation.class, violation -> assertThat(violation.closeCode())
                        .isEqualTo(CloseCode.DECODE_ERROR));
    }

    @Test
    void moreThan100IdsOrGuildsIsADecodeError() {
        String ids = "\"1\",".repeat(100) + "\"1\"";
        assertThatThrownBy(() -> parse("{\"guild_id\":\"1\",\"user_ids\":[" + ids + "]}"))
                .isInstanceOf(ProtocolViolation.class);
        assertThatThrownBy(() -> parse("{\"guild_id\":[" + ids + "],\"user_ids\":\"1\"}"))
                .isInstanceOf(ProtocolViolation.class);
    }

    private static GuildMembersRequest parse(String d) {
        return GuildMembersRequest.parse(Json.mapper().readTree(d));
    }
}
