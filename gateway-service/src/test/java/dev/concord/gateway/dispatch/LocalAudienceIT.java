package dev.concord.gateway.dispatch;

import static dev.concord.platform.events.EventTypes.CHANNEL_UPDATE;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_ADD;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_REMOVE;
import static dev.concord.platform.events.EventTypes.GUILD_ROLE_UPDATE;
import static dev.concord.platform.events.EventTypes.GUILD_UPDATE;
import static dev.concord.platform.events.EventTypes.INVITE_CREATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.gateway.TestSocket;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.GuildServiceFake;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Once a guild is held here, its events are delivered without asking guild-service anything, and
 * changes to its roles, channels, members and owner are applied from the events themselves (the fake
 * is never told of them: a fetch would answer the old state).
 */
class LocalAudienceIT extends GuildDeliverySupport {

    static final long AUDIT_LOG = Permission.VIEW_AUDIT_LOG.bit();
    static final String AUDIT = "GUILD_AUDIT_LOG_ENTRY_CREATE";

    @Test
    void aWarmGuildsEventsMakeNoCallToGuildService() {
        GUILD_SERVICE
                .guild(6100, 6101)
                .member(6102, VIEW | AUDIT_LOG)
                .member(6103, VIEW)
                .channel(6110, Map.of(6102L, VIEW));
        try (TestSocket owner = connect();
                TestSocket viewer = connect();
                TestSocket blind = connect()) {
            identify(owner, userToken(6101));
            identify(viewer, userToken(6102));
            identify(blind, userToken(6103));
            guildEvent(6100, INVITE_CREATE, channel(6100, 6110), invite(6100, 6110));
            expect(owner, INVITE_CREATE);
            expect(viewer, INVITE_CREATE);
            int aboutGuild = GUILD_SERVICE.requestsAbout(6100).size();
            int aboutUsers = membershipRequests(6101, 6102, 6103);

            int rounds = 20;
            for (int i = 0; i < rounds; i++) {
                // A GUILD_UPDATE between them: the remote path drops its cached answers on every one.
                guildEvent(6100, GUILD_UPDATE, guild(6100), guildObject(6100, 6101));
                guildEvent(6100, INVITE_CREATE, channel(6100, 6110), invite(6100, 6110));
                guildEvent(6100, AUDIT, audit(6100), "{\"guild_id\":\"6100\"}");
            }
            guildEvent(6100, "TEST_MARKER", users(6101, 6102, 6103), "{}");

            List<String> everything = new ArrayList<>();
            List<String> guildOnly = new ArrayList<>();
            for (int i = 0; i < rounds; i++) {
                everything.addAll(List.of(GUILD_UPDATE, INVITE_CREATE, AUDIT));
                guildOnly.add(GUILD_UPDATE);
            }
            everything.add("TEST_MARKER");
            guildOnly.add("TEST_MARKER");
            assertThat(received(owner, everything.size())).containsExactlyElementsOf(everything);
            assertThat(received(viewer, everything.size())).containsExactlyElementsOf(everything);
            // Without VIEW_AUDIT_LOG, nor VIEW_CHANNEL in the channel: only the guild's updates.
            assertThat(received(blind, guildOnly.size())).containsExactlyElementsOf(guildOnly);
            assertThat(aboutGuild).as("the guild fetched once").isEqualTo(1);
            assertThat(GUILD_SERVICE.requestsAbout(6100)).hasSize(aboutGuild);
            assertThat(membershipRequests(6101, 6102, 6103)).isEqualTo(aboutUsers);
        }
    }

    @Test
    void roleChannelMemberAndOwnerChangesAreAppliedFromTheEventsWithoutFetchingAgain() {
        GUILD_SERVICE
                .guild(6200, 6201)
                .member(6202, VIEW)
                .member(6203, VIEW)
                .member(6204, VIEW | AUDIT_LOG)
                .channel(6210, Map.of(6202L, VIEW, 6203L, VIEW));
        try (TestSocket owner = connect();
                TestSocket first = connect();
                TestSocket second = connect();
                TestSocket auditor = connect();
                TestSocket joiner = connect()) {
            identify(owner, userToken(6201));
            identify(first, userToken(6202));
            identify(second, userToken(6203));
            identify(auditor, userToken(6204));
            identify(joiner, userToken(6205));
            guildEvent(6200, INVITE_CREATE, channel(6200, 6210), invite(6200, 6210));
            guildEvent(6200, AUDIT, audit(6200), "{\"guild_id\":\"6200\"}");
            assertThat(received(owner, 2)).containsExactly(INVITE_CREATE, AUDIT);
            assertThat(received(auditor, 1)).containsExactly(AUDIT);
            int aboutGuild = GUILD_SERVICE.requestsAbout(6200).size();
            int aboutUsers = membershipRequests(6201, 6202, 6203, 6204, 6205);

            // 6202 loses the channel, 6203 keeps it.
            guildEvent(
                    6200,
                    CHANNEL_UPDATE,
                    channel(6200, 6210),
                    "{\"id\":\"6210\",\"guild_id\":\"6200\",\"type\":0,\"permission_overwrites\":["
                            + overwrite(6200, 0, 0, Permission.ALL) + "," + overwrite(6203, 1, VIEW, 0) + "]}");
            // 6202's role is given VIEW_AUDIT_LOG.
            guildEvent(
                    6200,
                    GUILD_ROLE_UPDATE,
                    guild(6200),
                    "{\"guild_id\":\"6200\",\"role\":{\"id\":\"" + GuildServiceFake.Guild.roleOf(6202)
                            + "\",\"name\":\"r\",\"position\":1,\"permissions\":\"" + (VIEW | AUDIT_LOG) + "\"}}");
            // 6204 loses their role.
            guildEvent(6200, "GUILD_MEMBER_UPDATE", guild(6200), member(6200, 6204));
            guildEvent(6200, GUILD_MEMBER_ADD, guild(6200), member(6200, 6205));
            guildEvent(6200, GUILD_MEMBER_REMOVE, guild(6200), "{\"guild_id\":\"6200\",\"user\":{\"id\":\"6203\"}}");
            guildEvent(6200, GUILD_UPDATE, guild(6200), guildObject(6200, 6205));
            guildEvent(6200, INVITE_CREATE, channel(6200, 6210), invite(6200, 6210));
            guildEvent(6200, AUDIT, audit(6200), "{\"guild_id\":\"6200\"}");
            guildEvent(6200, "TEST_MARKER", users(6201, 6202, 6203, 6204, 6205), "{}");

            String memberUpdate = "GUILD_MEMBER_UPDATE 6204";
            assertThat(received(owner, 9))
                    .containsExactly(
                            CHANNEL_UPDATE,
                            GUILD_ROLE_UPDATE,
                            memberUpdate,
                            GUILD_MEMBER_ADD,
                            GUILD_MEMBER_REMOVE,
                            GUILD_UPDATE,
                            INVITE_CREATE,
                            AUDIT,
                            "TEST_MARKER");
            assertThat(received(first, 8))
                    .containsExactly(
                            INVITE_CREATE,
                            GUILD_ROLE_UPDATE,
                            memberUpdate,
                            GUILD_MEMBER_ADD,
                            GUILD_MEMBER_REMOVE,
                            GUILD_UPDATE,
                            AUDIT,
                            "TEST_MARKER");
            assertThat(received(second, 6))
                    .containsExactly(
                            INVITE_CREATE,
                            CHANNEL_UPDATE,
                            GUILD_ROLE_UPDATE,
                            memberUpdate,
                            GUILD_MEMBER_ADD,
                            "TEST_MARKER");
            assertThat(received(auditor, 6))
                    .containsExactly(
                            GUILD_ROLE_UPDATE,
                            memberUpdate,
                            GUILD_MEMBER_ADD,
                            GUILD_MEMBER_REMOVE,
                            GUILD_UPDATE,
                            "TEST_MARKER");
            assertThat(received(joiner, 6))
                    .containsExactly(
                            GUILD_MEMBER_ADD, GUILD_MEMBER_REMOVE, GUILD_UPDATE, INVITE_CREATE, AUDIT, "TEST_MARKER");
            assertThat(GUILD_SERVICE.requestsAbout(6200))
                    .as("fetched once, before the changes")
                    .hasSize(aboutGuild);
            assertThat(aboutGuild).isEqualTo(1);
            assertThat(membershipRequests(6201, 6202, 6203, 6204, 6205)).isEqualTo(aboutUsers);
        }
    }

    /** Requests for the memberships of any of these users. */
    static int membershipRequests(long... userIds) {
        Set<String> ids = new HashSet<>();
        for (long id : userIds) {
            ids.add(Long.toString(id));
        }
        return (int) GUILD_SERVICE.requestsTo("/internal/users/memberships").stream()
                .filter(request -> request.userIds().stream().anyMatch(ids::contains))
                .count();
    }

    static String audit(long guildId) {
        return "{\"guild_id\":\"" + guildId + "\",\"required_permission\":\"VIEW_AUDIT_LOG\"}";
    }

    static String invite(long guildId, long channelId) {
        return "{\"code\":\"abc\",\"guild_id\":\"" + guildId + "\",\"channel_id\":\"" + channelId + "\"}";
    }

    static String guildObject(long guildId, long ownerId) {
        return "{\"id\":\"" + guildId + "\",\"name\":\"g\",\"owner_id\":\"" + ownerId + "\"}";
    }

    /** A member with no role, as guild-service sends it. */
    static String member(long guildId, long userId) {
        return "{\"guild_id\":\"" + guildId + "\",\"user\":{\"id\":\"" + userId + "\",\"username\":\"u\"},"
                + "\"nick\":null,\"roles\":[],\"joined_at\":\"2026-01-01T00:00:00Z\",\"deaf\":false,\"mute\":false,"
                + "\"flags\":0,\"pending\":false,\"communication_disabled_until\":null}";
    }

    static String overwrite(long id, int type, long allow, long deny) {
        return "{\"id\":\"" + id + "\",\"type\":" + type + ",\"allow\":\"" + allow + "\",\"deny\":\"" + deny + "\"}";
    }
}
