package dev.concord.gateway.dispatch;

import static dev.concord.platform.events.EventTypes.CHANNEL_DELETE;
import static dev.concord.platform.events.EventTypes.CHANNEL_UPDATE;
import static dev.concord.platform.events.EventTypes.GUILD_UPDATE;
import static dev.concord.platform.events.EventTypes.INVITE_CREATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.gateway.TestSocket;
import dev.concord.platform.permissions.Permission;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Guild and channel events reach exactly the connected members who may see them, as guild-service answers. */
class GuildAudienceIT extends GuildDeliverySupport {

    @Test
    void aGuildEventReachesEveryConnectedMemberAndNoOneElse() {
        GUILD_SERVICE.guild(5100, 5101).member(5102, VIEW).member(5103, VIEW).member(5105, VIEW);
        try (TestSocket owner = connect();
                TestSocket member = connect();
                TestSocket other = connect();
                TestSocket outsider = connect()) {
            identify(owner, userToken(5101));
            identify(member, userToken(5102));
            identify(other, userToken(5103));
            identify(outsider, userToken(5104));

            guildEvent(5100, GUILD_UPDATE, guild(5100), "{\"id\":\"5100\",\"name\":\"renamed\"}");
            guildEvent(5100, "TEST_MARKER", users(5104), "{}");

            for (TestSocket socket : List.of(owner, member, other)) {
                JsonNode update = expect(socket, GUILD_UPDATE);
                assertThat(update.get("s").longValue()).isEqualTo(2);
                assertThat(update.get("d").get("name").asString()).isEqualTo("renamed");
            }
            assertThat(expect(outsider, "TEST_MARKER").get("s").longValue()).isEqualTo(2);
        }
    }

    @Test
    void aChannelEventReachesOnlyTheMembersWhoCanViewItAndOnlyConnectedOnesAreAskedAbout() {
        GUILD_SERVICE
                .guild(5200, 5201)
                .member(5202, VIEW)
                .member(5203, VIEW)
                .member(5205, VIEW)
                .channel(5210, Map.of(5202L, VIEW, 5205L, VIEW));
        try (TestSocket owner = connect();
                TestSocket viewer = connect();
                TestSocket blind = connect()) {
            identify(owner, userToken(5201));
            identify(viewer, userToken(5202));
            identify(blind, userToken(5203));

            guildEvent(5200, CHANNEL_UPDATE, channel(5200, 5210), "{\"id\":\"5210\",\"guild_id\":\"5200\"}");
            guildEvent(5200, GUILD_UPDATE, guild(5200), "{\"id\":\"5200\"}");

            expect(owner, CHANNEL_UPDATE);
            expect(viewer, CHANNEL_UPDATE);
            expect(blind, GUILD_UPDATE);
            expect(owner, GUILD_UPDATE);
            expect(viewer, GUILD_UPDATE);
        }
        List<String> askedAbout = GUILD_SERVICE.requestsTo("/internal/users/memberships").stream()
                .flatMap(request -> request.userIds().stream())
                .distinct()
                .toList();
        assertThat(askedAbout).contains("5201", "5202", "5203").doesNotContain("5205");
    }

    @Test
    void aDeletedChannelsAudienceComesFromTheOverwritesItCarries() {
        // guild-service no longer knows channel 5310: asked about it by id, it would answer 404.
        GUILD_SERVICE.guild(5300, 5301).member(5302, VIEW).member(5303, VIEW);
        try (TestSocket owner = connect();
                TestSocket hidden = connect();
                TestSocket allowed = connect()) {
            identify(owner, userToken(5301));
            identify(hidden, userToken(5302));
            identify(allowed, userToken(5303));

            guildEvent(
                    5300,
                    CHANNEL_DELETE,
                    channel(5300, 5310),
                    "{\"id\":\"5310\",\"guild_id\":\"5300\",\"type\":0,"
                            + "\"permission_overwrites\":[{\"id\":\"5300\",\"type\":0,\"allow\":\"0\",\"deny\":\"1024\"},"
                            + "{\"id\":\"5303\",\"type\":1,\"allow\":\"1024\",\"deny\":\"0\"}]}");
            guildEvent(5300, GUILD_UPDATE, guild(5300), "{\"id\":\"5300\"}");

            assertThat(expect(owner, CHANNEL_DELETE).get("d").get("id").asString())
                    .isEqualTo("5310");
            expect(allowed, CHANNEL_DELETE);
            expect(hidden, GUILD_UPDATE);
        }
        assertThat(GUILD_SERVICE.requestsAbout(5300))
                .as("computed here from the overwrites, not asked about")
                .noneMatch(request -> request.path().endsWith("/permissions"));
    }

    @Test
    void aRequiredPermissionNarrowsTheAudienceInTheChannelOrGuildWide() {
        long auditLog = Permission.VIEW_AUDIT_LOG.bit();
        GUILD_SERVICE
                .guild(5400, 5401)
                .member(5402, VIEW | MANAGE_CHANNELS)
                .member(5403, VIEW | auditLog)
                .channel(5410, Map.of(5402L, VIEW, 5403L, VIEW | MANAGE_CHANNELS));
        try (TestSocket owner = connect();
                TestSocket manager = connect();
                TestSocket moderator = connect()) {
            identify(owner, userToken(5401));
            identify(manager, userToken(5402));
            identify(moderator, userToken(5403));

            guildEvent(
                    5400,
                    INVITE_CREATE,
                    "{\"guild_id\":\"5400\",\"channel_id\":\"5410\",\"required_permission\":\"MANAGE_CHANNELS\"}",
                    "{\"code\":\"abc\",\"guild_id\":\"5400\",\"channel_id\":\"5410\"}");
            guildEvent(
                    5400,
                    "GUILD_AUDIT_LOG_ENTRY_CREATE",
                    "{\"guild_id\":\"5400\",\"required_permission\":\"VIEW_AUDIT_LOG\"}",
                    "{\"guild_id\":\"5400\"}");
            guildEvent(5400, GUILD_UPDATE, guild(5400), "{\"id\":\"5400\"}");

            for (TestSocket socket : List.of(owner, moderator)) {
                expect(socket, INVITE_CREATE);
                expect(socket, "GUILD_AUDIT_LOG_ENTRY_CREATE");
                expect(socket, GUILD_UPDATE);
            }
            // MANAGE_CHANNELS guild-wide, but not in the channel; no VIEW_AUDIT_LOG.
            expect(manager, GUILD_UPDATE);
        }
    }
}
