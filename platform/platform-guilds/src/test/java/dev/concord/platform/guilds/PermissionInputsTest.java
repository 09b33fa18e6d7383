package dev.concord.platform.guilds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.concord.platform.json.Json;
import dev.concord.platform.permissions.GuildMember;
import dev.concord.platform.permissions.GuildRole;
import dev.concord.platform.permissions.Overwrite;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The engine's inputs read from the platform's objects, and a partial object refused rather than guessed at. */
class PermissionInputsTest {

    @Test
    void rolesOverwritesAndMembersAreReadAsTheEventsCarryThem() {
        assertThat(PermissionInputs.role(
                        json("{\"id\":\"7\",\"name\":\"r\",\"position\":2,\"permissions\":\"9007199254740993\"}")))
                .isEqualTo(new GuildRole(7, 2, 9007199254740993L));
        assertThat(PermissionInputs.overwrites(json("{\"id\":\"5\",\"permission_overwrites\":["
                        + "{\"id\":\"1\",\"type\":0,\"allow\":\"1024\",\"deny\":\"0\"},"
                        + "{\"id\":\"2\",\"type\":1,\"allow\":\"0\",\"deny\":\"2048\"}]}")))
                .containsExactly(
                        new Overwrite(1, Overwrite.Type.ROLE, 1024, 0),
                        new Overwrite(2, Overwrite.Type.MEMBER, 0, 2048));
        assertThat(PermissionInputs.member(json("{\"guild_id\":\"1\",\"user\":{\"id\":\"3\"},\"roles\":[\"7\"],"
                        + "\"communication_disabled_until\":\"2026-01-01T00:00:00+00:00\"}")))
                .isEqualTo(GuildMember.of(3, 7).timedOutUntil(Instant.parse("2026-01-01T00:00:00Z")));
        assertThat(PermissionInputs.member(json(
                        "{\"user_id\":\"3\",\"guild_id\":\"1\",\"roles\":[],\"communication_disabled_until\":null}")))
                .isEqualTo(GuildMember.of(3));
        assertThat(PermissionInputs.member(json("{\"user_id\":\"3\",\"guild_id\":\"1\",\"roles\":[],"
                        + "\"communication_disabled_until\":null,\"flags\":128}")))
                .as("quarantined by auto moderation (flag 128): timed out until released")
                .isEqualTo(GuildMember.of(3).timedOutUntil(GuildMember.QUARANTINED));
    }

    @Test
    void aPartialObjectIsRefused() {
        assertThatThrownBy(() -> PermissionInputs.role(json("{\"id\":\"7\",\"position\":2}")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PermissionInputs.overwrites(json("{\"id\":\"5\",\"guild_id\":\"1\"}")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() ->
                        PermissionInputs.overwrites(json("[{\"id\":\"1\",\"type\":2,\"allow\":\"0\",\"deny\":\"0\"}]")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PermissionInputs.member(json("{\"guild_id\":\"1\",\"user\":{\"id\":\"3\"}}")))
                .as("no roles")
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PermissionInputs.member(json("{\"user\":{\"id\":\"3\"},\"roles\":[]}")))
                .as("no timeout field")
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static JsonNode json(String text) {
        return Json.mapper().readTree(text);
    }
}
