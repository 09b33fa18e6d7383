package dev.concord.platform.guilds;

import static dev.concord.platform.events.EventTypes.CHANNEL_UPDATE;
import static dev.concord.platform.events.EventTypes.GUILD_DELETE;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_ADD;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_REMOVE;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_UPDATE;
import static dev.concord.platform.events.EventTypes.GUILD_ROLE_UPDATE;
import static dev.concord.platform.events.EventTypes.GUILD_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.platform.permissions.Permission;
import java.time.OffsetDateTime;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;
import tools.jackson.databind.JsonNode;

/** Cached answers about a guild are dropped on request and on that guild's events, and only those. */
class GuildAuthorizationForgettingTest extends GuildAuthorizationFixture {

    @Test
    void forgetDropsThatGuildsAnswersOnly() {
        authorization.permissions(GUILD, MEMBER).block();
        authorization.permissions(GUILD, CHANNEL, MEMBER).block();
        authorization.members(GUILD).block();
        authorization.permissions(OTHER_GUILD, MEMBER).block();
        guild.member(MEMBER.value(), Permission.VIEW_CHANNEL.bit());
        otherGuild.member(MEMBER.value(), Permission.VIEW_CHANNEL.bit());
        guild.member(STRANGER.value(), 0L);

        authorization.forget(GUILD);

        assertThat(authorization.permissions(GUILD, MEMBER).block()).isEqualTo(Permission.VIEW_CHANNEL.bit());
        assertThat(authorization.permissions(GUILD, CHANNEL, MEMBER).block()).isEqualTo(Permission.VIEW_CHANNEL.bit());
        assertThat(authorization.members(GUILD).block()).contains(STRANGER);
        assertThat(authorization.permissions(OTHER_GUILD, MEMBER).block()).isEqualTo(MEMBER_PERMISSIONS);
        assertThat(server.requestCount()).isEqualTo(7);
    }

    @Test
    void anEventForgetsItsAudiencesGuild() {
        eventForgets(
                event(CHANNEL_UPDATE, Audience.channel(GUILD, CHANNEL), "{\"id\":\"" + CHANNEL.asString() + "\"}"));
    }

    @Test
    void anEventForgetsTheGuildIdOfItsData() {
        eventForgets(event(GUILD_MEMBER_UPDATE, Audience.users(MEMBER), "{\"guild_id\":\"" + GUILD.asString() + "\"}"));
    }

    @Test
    void aGuildCreateOrDeleteForgetsTheGuildItIs() {
        eventForgets(event(
                GUILD_DELETE, Audience.users(MEMBER), "{\"id\":\"" + GUILD.asString() + "\",\"unavailable\":false}"));
    }

    @Test
    void aChangeThatKeepsTheMembersKeepsTheMemberListAndDropsOnlyPermissions() {
        authorization.members(GUILD).block();
        authorization.permissions(GUILD, MEMBER).block();
        guild.member(MEMBER.value(), Permission.SPEAK.bit());
        int asked = server.requestCount();

        for (String type : new String[] {GUILD_UPDATE, GUILD_ROLE_UPDATE, GUILD_MEMBER_UPDATE, CHANNEL_UPDATE}) {
            authorization
                    .onEvent(event(type, Audience.guild(GUILD), "{\"guild_id\":\"" + GUILD.asString() + "\"}"))
                    .block();
            assertThat(authorization.members(GUILD).block()).as(type).contains(MEMBER);
        }

        assertThat(server.requestCount()).as("no member list asked again").isEqualTo(asked);
        assertThat(authorization.permissions(GUILD, MEMBER).block()).isEqualTo(Permission.SPEAK.bit());
    }

    @Test
    void membersComingOrGoingDropTheMemberList() {
        for (String type : new String[] {GUILD_MEMBER_ADD, GUILD_MEMBER_REMOVE}) {
            authorization.members(GUILD).block();
            guild.member(STRANGER.value(), 0L);
            authorization
                    .onEvent(event(type, Audience.guild(GUILD), "{\"guild_id\":\"" + GUILD.asString() + "\"}"))
                    .block();
            assertThat(authorization.members(GUILD).block()).as(type).contains(STRANGER);
        }
    }

    @Test
    void anEventWithoutAGuildForgetsNothing() {
        authorization.permissions(GUILD, MEMBER).block();
        authorization
                .onEvent(event("SOMETHING", Audience.users(MEMBER), "{\"name\":\"x\"}"))
                .block();
        authorization.permissions(GUILD, MEMBER).block();
        assertThat(server.requestCount()).isEqualTo(1);
    }

    private void eventForgets(EventEnvelope event) {
        authorization.permissions(GUILD, MEMBER).block();
        authorization.permissions(OTHER_GUILD, MEMBER).block();
        guild.member(MEMBER.value(), Permission.SPEAK.bit());
        otherGuild.member(MEMBER.value(), Permission.SPEAK.bit());

        StepVerifier.create(authorization.onEvent(event)).verifyComplete();

        assertThat(authorization.permissions(GUILD, MEMBER).block()).isEqualTo(Permission.SPEAK.bit());
        assertThat(authorization.permissions(OTHER_GUILD, MEMBER).block()).isEqualTo(MEMBER_PERMISSIONS);
        assertThat(server.requestCount()).isEqualTo(3);
    }

    private static EventEnvelope event(String type, Audience audience, String data) {
        JsonNode json = Json.mapper().readTree(data);
        return new EventEnvelope(
                Snowflake.of(1), type, OffsetDateTime.parse("2026-11-21T10:00:00Z"), "guild-service", audience, json);
    }
}
