package dev.concord.platform.events;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.events.payload.CallPayload;
import dev.concord.platform.events.payload.GuildMemberPayload;
import dev.concord.platform.events.payload.GuildPayload;
import dev.concord.platform.events.payload.UserPayload;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Data read as typed records, ids "snowflake or nothing", unknown fields ignored. */
class EventPayloadsTest {

    @Test
    void readsTheFieldsItsRecordNamesAndIgnoresTheRest() {
        assertThat(read(
                        "{\"guild_id\": \"5\", \"user\": {\"id\": \"10\", \"username\": \"nelly\"}, \"roles\": [], \"nick\": null}",
                        GuildMemberPayload.class))
                .hasValueSatisfying(member -> {
                    assertThat(member.guildId()).isEqualTo(Snowflake.of(5));
                    assertThat(member.userId()).isEqualTo(Snowflake.of(10));
                });
        assertThat(read(
                        "{\"id\": \"7\", \"username\": \"nelly\", \"global_name\": null, \"email\": \"x\"}",
                        UserPayload.class))
                .contains(new UserPayload(Snowflake.of(7), "nelly", null, null, null, null, null));
        assertThat(read("{\"id\": \"5\", \"unavailable\": true}", GuildPayload.class))
                .hasValueSatisfying(guild -> assertThat(guild.isOutage()).isTrue());
        assertThat(read("{\"id\": \"5\"}", GuildPayload.class))
                .hasValueSatisfying(guild -> assertThat(guild.isOutage()).isFalse());
    }

    /** Every case the four lenient readers it replaced took, strings and numbers, as ids in payloads. */
    @Test
    void anIdIsASnowflakeOrNothing() {
        assertThat(guildIdOf("\"175928847299117063\"")).isEqualTo(Snowflake.of(175928847299117063L));
        assertThat(guildIdOf("20")).isEqualTo(Snowflake.of(20));
        assertThat(guildIdOf("\"0\"")).isEqualTo(Snowflake.of(0));
        assertThat(guildIdOf("0")).isEqualTo(Snowflake.of(0));
        for (String nothing : new String[] {
            "null",
            "\"\"",
            "\" \"",
            "\"-1\"",
            "-1",
            "\"x\"",
            "\"12a\"",
            "1.5",
            "true",
            "{\"id\": \"5\"}",
            "[\"5\"]",
            "\"99999999999999999999\"",
            "99999999999999999999"
        }) {
            assertThat(guildIdOf(nothing)).as(nothing).isNull();
        }
        assertThat(read("{\"guild_id\": \"5\"}", GuildMemberPayload.class))
                .hasValueSatisfying(member -> assertThat(member.userId()).isNull());
    }

    @Test
    void unreadableIdsInAListAreNothingAndTheRestIsRead() {
        assertThat(read(
                        "{\"channel_id\": \"6\", \"ringing\": [\"20\", \"x\", 30], \"voice_states\": [{\"user_id\": \"10\"}]}",
                        CallPayload.class))
                .hasValueSatisfying(call -> {
                    assertThat(call.ringing()).isEqualTo(Arrays.asList(Snowflake.of(20), null, Snowflake.of(30)));
                    assertThat(call.voiceStates().get(0).userId()).isEqualTo(Snowflake.of(10));
                });
        assertThat(read("{\"channel_id\": \"6\"}", CallPayload.class))
                .hasValueSatisfying(call -> assertThat(call.ringing()).isEmpty());
    }

    @Test
    void dataOfAnotherShapeOrNoneIsEmpty() {
        assertThat(read("{\"guild_id\": \"5\", \"user\": \"10\"}", GuildMemberPayload.class))
                .isEmpty();
        assertThat(read("[1]", GuildMemberPayload.class)).isEmpty();
        assertThat(read("null", GuildMemberPayload.class)).isEmpty();
        assertThat(EventPayloads.read(envelope(null), GuildMemberPayload.class)).isEmpty();
    }

    private static Snowflake guildIdOf(String json) {
        return read("{\"guild_id\": " + json + "}", GuildMemberPayload.class)
                .orElseThrow()
                .guildId();
    }

    private static <T> Optional<T> read(String data, Class<T> type) {
        return EventPayloads.read(envelope(data), type);
    }

    private static EventEnvelope envelope(String data) {
        return new EventEnvelope(
                Snowflake.of(1),
                EventTypes.GUILD_MEMBER_ADD,
                OffsetDateTime.parse("2026-01-01T00:00:00Z"),
                "test",
                Audience.users(),
                data == null ? null : Json.mapper().readTree(data));
    }
}
