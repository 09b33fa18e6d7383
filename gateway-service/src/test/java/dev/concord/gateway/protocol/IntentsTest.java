package dev.concord.gateway.protocol;

import static dev.concord.platform.events.EventTypes.CHANNEL_DELETE;
import static dev.concord.platform.events.EventTypes.GUILD_CREATE;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_ADD;
import static dev.concord.platform.events.EventTypes.GUILD_ROLE_UPDATE;
import static dev.concord.platform.events.EventTypes.INVITE_CREATE;
import static dev.concord.platform.events.EventTypes.USER_SETTINGS_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;

class IntentsTest {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final long GUILDS_AND_MESSAGES = 1 | (1 << 9);

    @Test
    void botsMustSendIntents() {
        assertCloses(() -> Intents.check(null, true), 4013);
        assertCloses(() -> Intents.check(NODES.nullNode(), true), 4013);
    }

    @Test
    void peopleWithoutIntentsGetEverything() {
        assertThat(Intents.check(null, false)).isEqualTo(Intents.KNOWN);
    }

    @Test
    void acceptsKnownBits() {
        assertThat(Intents.check(NODES.numberNode(GUILDS_AND_MESSAGES), true)).isEqualTo(GUILDS_AND_MESSAGES);
        assertThat(Intents.check(NODES.numberNode(Intents.KNOWN), true)).isEqualTo(Intents.KNOWN);
    }

    @Test
    void aPresenceInAGuildNeedsThePresenceIntentAndAFriendsNone() {
        assertThat(Intents.requiredFor("PRESENCE_UPDATE", true)).isEqualTo(Intents.GUILD_PRESENCES);
        assertThat(Intents.requiredFor("PRESENCE_UPDATE", false)).isZero();
    }

    @Test
    void pollVotesNeedThePollIntentOfTheirPlace() {
        assertThat(Intents.requiredFor("MESSAGE_POLL_VOTE_ADD", true)).isEqualTo(Intents.GUILD_MESSAGE_POLLS);
        assertThat(Intents.requiredFor("MESSAGE_POLL_VOTE_REMOVE", false)).isEqualTo(Intents.DIRECT_MESSAGE_POLLS);
    }

    @Test
    void reactionsNeedTheReactionIntentOfTheirPlace() {
        for (String type : List.of(
                "MESSAGE_REACTION_ADD",
                "MESSAGE_REACTION_REMOVE",
                "MESSAGE_REACTION_REMOVE_ALL",
                "MESSAGE_REACTION_REMOVE_EMOJI")) {
            assertThat(Intents.requiredFor(type, true)).as(type).isEqualTo(1L << 10);
            assertThat(Intents.requiredFor(type, false)).as(type).isEqualTo(1L << 13);
        }
        assertThat(Intents.GUILD_MESSAGE_REACTIONS).isEqualTo(1L << 10);
        assertThat(Intents.DIRECT_MESSAGE_REACTIONS).isEqualTo(1L << 13);
    }

    @Test
    void autoModerationEventsNeedTheirOwnIntents() {
        for (String type :
                List.of("AUTO_MODERATION_RULE_CREATE", "AUTO_MODERATION_RULE_UPDATE", "AUTO_MODERATION_RULE_DELETE")) {
            assertThat(Intents.requiredFor(type)).as(type).isEqualTo(1L << 20);
        }
        assertThat(Intents.requiredFor("AUTO_MODERATION_ACTION_EXECUTION")).isEqualTo(1L << 21);
        assertThat(Intents.allows(Intents.GUILDS, Intents.AUTO_MODERATION_CONFIGURATION))
                .as("GUILDS alone does not bring rule changes")
                .isFalse();
        assertThat(Intents.KNOWN & (Intents.AUTO_MODERATION_CONFIGURATION | Intents.AUTO_MODERATION_EXECUTION))
                .as("a bot may ask for both")
                .isEqualTo((1L << 20) | (1L << 21));
    }

    @Test
    void unknownBitsNegativesAndNonNumbersClose4013() {
        assertCloses(() -> Intents.check(NODES.numberNode(1L << 17), true), 4013);
        assertCloses(() -> Intents.check(NODES.numberNode(-1L), true), 4013);
        assertCloses(() -> Intents.check(NODES.stringNode("513"), true), 4013);
        assertCloses(() -> Intents.check(NODES.numberNode(1.5), false), 4013);
    }

    @Test
    void privilegedIntentsNeedTheApplicationFlagThatGrantsThem() {
        long members = Intents.GUILD_MEMBERS;
        long presences = Intents.GUILD_PRESENCES;
        long content = Intents.MESSAGE_CONTENT;

        assertCloses(() -> Intents.checkPrivileged(members, 0), 4014);
        assertCloses(() -> Intents.checkPrivileged(presences, 1L << 14), 4014);
        assertCloses(() -> Intents.checkPrivileged(members | content, 1L << 15), 4014);
        // The full flag (100 or more guilds, reviewed) and the limited one (fewer, the owner's) both grant.
        Intents.checkPrivileged(members, 1L << 14);
        Intents.checkPrivileged(members, 1L << 15);
        Intents.checkPrivileged(presences, 1L << 12);
        Intents.checkPrivileged(presences, 1L << 13);
        Intents.checkPrivileged(content, 1L << 18);
        Intents.checkPrivileged(members | presences | content, (1L << 15) | (1L << 13) | (1L << 19));
        Intents.checkPrivileged(Intents.GUILDS, 0);
        // A person's own client is not an application: nothing to approve.
        assertThat(Intents.check(NODES.numberNode(members), false)).isEqualTo(2);
    }

    @Test
    void guildEventsNeedTheirIntents() {
        assertThat(Intents.requiredFor(GUILD_CREATE)).isEqualTo(Intents.GUILDS).isEqualTo(1);
        assertThat(Intents.requiredFor(CHANNEL_DELETE)).isEqualTo(Intents.GUILDS);
        assertThat(Intents.requiredFor(GUILD_ROLE_UPDATE)).isEqualTo(Intents.GUILDS);
        assertThat(Intents.requiredFor("STAGE_INSTANCE_DELETE")).isEqualTo(Intents.GUILDS);
        assertThat(Intents.requiredFor("VOICE_STATE_UPDATE"))
                .isEqualTo(Intents.GUILD_VOICE_STATES)
                .isEqualTo(128);
        assertThat(Intents.requiredFor("VOICE_STATE_UPDATE", false))
                .as("a DM call's, to its recipients")
                .isZero();
        assertThat(Intents.requiredFor("CALL_CREATE", false)).isZero();
        assertThat(Intents.requiredFor("INTEGRATION_CREATE")).isEqualTo(Intents.GUILD_INTEGRATIONS);
        assertThat(Intents.requiredFor("INTEGRATION_DELETE", false))
                .as("a group DM's, to its recipients")
                .isZero();
        assertThat(Intents.requiredFor("VOICE_SERVER_UPDATE"))
                .as("always the joiner's")
                .isZero();
        assertThat(Intents.requiredFor(GUILD_MEMBER_ADD))
                .isEqualTo(Intents.GUILD_MEMBERS)
                .isEqualTo(2);
        assertThat(Intents.requiredFor(INVITE_CREATE))
                .isEqualTo(Intents.GUILD_INVITES)
                .isEqualTo(64);
        assertThat(Intents.requiredFor("GUILD_EMOJIS_UPDATE"))
                .isEqualTo(Intents.GUILD_EXPRESSIONS)
                .isEqualTo(8);
        assertThat(Intents.requiredFor("GUILD_SCHEDULED_EVENT_USER_ADD"))
                .isEqualTo(Intents.requiredFor("GUILD_SCHEDULED_EVENT_UPDATE"))
                .isEqualTo(Intents.GUILD_SCHEDULED_EVENTS)
                .isEqualTo(65536);
        assertThat(Intents.requiredFor("INTEGRATION_CREATE"))
                .isEqualTo(Intents.requiredFor("GUILD_INTEGRATIONS_UPDATE"))
                .isEqualTo(Intents.GUILD_INTEGRATIONS)
                .isEqualTo(16);
        assertThat(Intents.requiredFor("MESSAGE_CREATE", true))
                .isEqualTo(Intents.GUILD_MESSAGES)
                .isEqualTo(512);
        assertThat(Intents.requiredFor("MESSAGE_DELETE_BULK", false))
                .isEqualTo(Intents.DIRECT_MESSAGES)
                .isEqualTo(4096);
        assertThat(Intents.requiredFor("READY")).isZero();
        assertThat(Intents.requiredFor(USER_SETTINGS_UPDATE)).isZero();
    }

    @Test
    void aSessionGetsWhatItsIntentsAllowAndWhatNeedsNone() {
        assertThat(Intents.allows(Intents.GUILDS, Intents.GUILDS)).isTrue();
        assertThat(Intents.allows(Intents.GUILDS, Intents.GUILD_MEMBERS)).isFalse();
        assertThat(Intents.allows(0, 0)).isTrue();
        assertThat(Intents.allows(Intents.KNOWN, Intents.GUILD_INVITES)).isTrue();
    }

    private static void assertCloses(Runnable check, int code) {
        assertThatThrownBy(check::run).isInstanceOfSatisfying(ProtocolViolation.class, violation -> assertThat(
                        violation.closeCode().code())
                .isEqualTo(code));
    }
}
