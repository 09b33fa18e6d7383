package dev.concord.social.family;

import static dev.concord.platform.events.EventTypes.CALL_CREATE;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_ADD;
import static dev.concord.platform.events.EventTypes.MESSAGE_CREATE;
import static dev.concord.platform.events.EventTypes.RELATIONSHIP_ADD;
import static dev.concord.platform.events.EventTypes.VOICE_STATE_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.social.family.ActivityActions.Action;
import java.time.OffsetDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What each event says a user did; ids only. */
class ActivityActionsTest {

    static final Snowflake TEEN = Snowflake.of(10);
    static final Snowflake PAL = Snowflake.of(20);
    static final Snowflake OTHER = Snowflake.of(30);

    static List<Action> of(String type, Audience audience, String data) {
        return ActivityActions.of(new EventEnvelope(
                Snowflake.of(1),
                type,
                OffsetDateTime.now(),
                "test",
                audience,
                Json.mapper().readTree(data)));
    }

    @Test
    void aFriendAddedIsARelationshipOfTypeFriend() {
        assertThat(of(RELATIONSHIP_ADD, Audience.users(TEEN), "{\"id\": \"20\", \"type\": 1}"))
                .containsExactly(new Action(TEEN, ActionType.USER_ADDED, PAL));
        assertThat(of(RELATIONSHIP_ADD, Audience.users(TEEN), "{\"user\": {\"id\": \"20\"}, \"type\": 1}"))
                .containsExactly(new Action(TEEN, ActionType.USER_ADDED, PAL));
        assertThat(of(RELATIONSHIP_ADD, Audience.users(TEEN), "{\"id\": \"20\", \"type\": 4}"))
                .isEmpty();
        assertThat(of(RELATIONSHIP_ADD, Audience.users(TEEN, OTHER), "{\"id\": \"20\", \"type\": 1}"))
                .isEmpty();
    }

    @Test
    void aGuildJoined() {
        assertThat(of(
                        GUILD_MEMBER_ADD,
                        Audience.guild(Snowflake.of(5)),
                        "{\"guild_id\": \"5\", \"user\": {\"id\": \"10\"}}"))
                .containsExactly(new Action(TEEN, ActionType.GUILD_JOINED, Snowflake.of(5)));
    }

    @Test
    void messagesInAGuildADmAndAGroupDm() {
        assertThat(
                        of(
                                MESSAGE_CREATE,
                                Audience.channel(Snowflake.of(5), Snowflake.of(6)),
                                "{\"guild_id\": \"5\", \"channel_id\": \"6\", \"author\": {\"id\": \"10\"}, \"content\": \"hi\"}"))
                .containsExactly(new Action(TEEN, ActionType.GUILD_MESSAGED, Snowflake.of(5)));
        assertThat(of(
                        MESSAGE_CREATE,
                        Audience.users(TEEN, PAL),
                        "{\"channel_id\": \"6\", \"author\": {\"id\": \"10\"}}"))
                .containsExactly(new Action(TEEN, ActionType.USER_MESSAGED, PAL));
        assertThat(of(
                        MESSAGE_CREATE,
                        Audience.users(TEEN, PAL, OTHER),
                        "{\"channel_id\": \"6\", \"author\": {\"id\": \"10\"}}"))
                .containsExactly(new Action(TEEN, ActionType.USER_MESSAGED, Snowflake.of(6)));
        assertThat(of(
                        MESSAGE_CREATE,
                        Audience.users(TEEN, PAL),
                        "{\"channel_id\": \"6\", \"webhook_id\": \"7\", \"author\": {\"id\": \"10\"}}"))
                .isEmpty();
        assertThat(of(MESSAGE_CREATE, Audience.users(TEEN), "{\"channel_id\": \"6\", \"author\": {\"id\": \"10\"}}"))
                .isEmpty();
    }

    @Test
    void callsInPrivateChannelsOnly() {
        assertThat(of(
                        CALL_CREATE,
                        Audience.users(TEEN, PAL),
                        "{\"channel_id\": \"6\", \"ringing\": [\"20\"], \"voice_states\": [{\"user_id\": \"10\"}]}"))
                .containsExactly(new Action(TEEN, ActionType.USER_CALLED, PAL));
        assertThat(of(VOICE_STATE_UPDATE, Audience.users(TEEN, PAL), "{\"channel_id\": \"6\", \"user_id\": \"20\"}"))
                .containsExactly(new Action(PAL, ActionType.USER_CALLED, TEEN));
        assertThat(of(VOICE_STATE_UPDATE, Audience.users(TEEN, PAL), "{\"channel_id\": null, \"user_id\": \"20\"}"))
                .isEmpty();
        assertThat(of(
                        VOICE_STATE_UPDATE,
                        Audience.guild(Snowflake.of(5)),
                        "{\"guild_id\": \"5\", \"channel_id\": \"6\", \"user_id\": \"10\"}"))
                .isEmpty();
    }

    @Test
    void unreadableIdsAndOtherEventsAddNothing() {
        assertThat(of(
                        GUILD_MEMBER_ADD,
                        Audience.guild(Snowflake.of(5)),
                        "{\"guild_id\": \"x\", \"user\": {\"id\": \"10\"}}"))
                .isEmpty();
        assertThat(of(MESSAGE_CREATE, Audience.users(TEEN, PAL), "{\"author\": {\"id\": -1}}"))
                .isEmpty();
        assertThat(of("TYPING_START", Audience.users(TEEN), "{\"user_id\": \"10\"}"))
                .isEmpty();
    }
}
