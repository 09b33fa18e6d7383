package dev.concord.guild.voicestates;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.emojis.EmojiImagesForTests;
import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestTokenKeys;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Voice states: op 4's joins, moves and leaves through the internal API, the endpoints, and stage standing. */
class VoiceStateIT extends GuildApiSupport {

    private static final String INTERNAL = InternalCredential.header(TestTokenKeys.internalSecret());

    record Guild(String id, Snowflake owner) {
        String states() {
            return "/guilds/" + id + "/voice-states/";
        }
    }

    @Test
    void opFourJoinsMovesAndLeavesAndTheGuildHearsOfEachStep() {
        Guild guild = newGuild();
        String lounge = channel(guild, "{\"name\": \"lounge\", \"type\": 2}");
        String den = channel(guild, "{\"name\": \"den\", \"type\": 2}");
        Snowflake member = newUser("member");
        addMember(guild.id(), member);

        assertThat(opFour(member, "s1", guild.id(), lounge).status()).isEqualTo(204);

        JsonNode state = get(member, guild.states() + "@me").body();
        assertThat(state.get("channel_id").asString()).isEqualTo(lounge);
        assertThat(state.get("guild_id").asString()).isEqualTo(guild.id());
        assertThat(state.get("session_id").asString()).isEqualTo("s1");
        assertThat(state.get("self_mute").asBoolean()).isTrue();
        assertThat(state.get("suppress").asBoolean()).isFalse();
        assertThat(get(guild.owner(), guild.states() + member.asString()).body())
                .isEqualTo(state);
        JsonNode update =
                awaitEvent(e -> isEventFor(e, "VOICE_STATE_UPDATE", member) || isVoiceUpdate(e, member, lounge));
        assertThat(update.get("audience")).isEqualTo(json("{\"guild_id\": \"" + guild.id() + "\"}"));
        assertThat(update.get("data").get("member").get("user").get("id").asString())
                .isEqualTo(member.asString());
        JsonNode server = awaitEvent(e -> isEventFor(e, "VOICE_SERVER_UPDATE", member));
        assertThat(server.get("data").get("guild_id").asString()).isEqualTo(guild.id());
        assertThat(server.get("data").get("endpoint").asString()).isNotBlank();
        assertThat(server.get("data").get("token").asString()).hasSize(32);

        opFour(member, "s1", guild.id(), den);
        assertThat(get(member, guild.states() + "@me").body().get("channel_id").asString())
                .isEqualTo(den);
        assertThat(awaitEvent(e -> isVoiceUpdate(e, member, den))).isNotNull();

        opFour(member, "s1", guild.id(), null);
        assertThat(awaitEvent(e -> isVoiceUpdate(e, member, null))).isNotNull();
        Response gone = get(member, guild.states() + "@me");
        assertThat(gone.status()).isEqualTo(404);
        assertThat(gone.body().get("code").asInt()).isEqualTo(10065);
        assertThat(call(HttpMethod.GET, guild.states() + "@me", null, null).status())
                .isEqualTo(401);
        assertThat(get(newUser("stranger"), guild.states() + member.asString()).status())
                .isEqualTo(403);
    }

    @Test
    void connectAndTheUserLimitAreEnforcedAndMoveMembersPassesTheLimit() {
        Guild guild = newGuild();
        String locked = channel(
                guild,
                "{\"name\": \"locked\", \"type\": 2, \"permission_overwrites\": [{\"id\": \"" + guild.id()
                        + "\", \"type\": 0, \"deny\": \"" + Permission.CONNECT.bit() + "\"}]}");
        String small = channel(guild, "{\"name\": \"small\", \"type\": 2, \"user_limit\": 1}");
        String text = channel(guild, "{\"name\": \"text\"}");
        Snowflake first = newUser("first");
        Snowflake second = newUser("second");
        Snowflake mover = newUser("mover");
        addMember(guild.id(), first);
        addMember(guild.id(), second);
        addMember(guild.id(), mover, addRole(guild.id(), 1, Permission.MOVE_MEMBERS.bit()));

        assertThat(opFour(first, "a", guild.id(), locked).status()).isEqualTo(403);
        assertThat(opFour(first, "a", guild.id(), text).status()).isEqualTo(400);
        assertThat(opFour(first, "a", guild.id(), small).status()).isEqualTo(204);
        Response full = opFour(second, "b", guild.id(), small);
        assertThat(full.status()).isEqualTo(400);
        assertThat(full.body().get("errors").get("channel_id").toString()).contains("CHANNEL_FULL");
        assertThat(get(second, guild.states() + "@me").status())
                .as("refused, not joined")
                .isEqualTo(404);
        assertThat(opFour(mover, "c", guild.id(), small).status()).isEqualTo(204);
        assertThat(opFour(first, "a", guild.id(), small).status())
                .as("one already in stays in")
                .isEqualTo(204);
    }

    @Test
    void aStageAudienceRaisesHandsAndModeratorsInviteThemToSpeak() {
        Guild guild = newGuild();
        String stage = channel(guild, "{\"name\": \"stage\", \"type\": 13}");
        Snowflake listener = newUser("listener");
        addMember(guild.id(), listener);
        Snowflake bot = Snowflake.of(USERS_BOT + System.nanoTime() % 1_000_000);
        knownUser(bot, "bot" + bot.value(), "0", true);
        addMember(guild.id(), bot);
        opFour(listener, "l", guild.id(), stage);
        opFour(bot, "b", guild.id(), stage);

        assertThat(get(listener, guild.states() + "@me").body().get("suppress").asBoolean())
                .as("everyone arrives in the audience")
                .isTrue();
        Response past = as(
                listener,
                HttpMethod.PATCH,
                guild.states() + "@me",
                hand(Instant.now().minusSeconds(3600)));
        assertThat(past.status()).isEqualTo(400);
        assertThat(past.body().get("errors").has("request_to_speak_timestamp")).isTrue();
        Instant raised = Instant.now();
        assertThat(as(listener, HttpMethod.PATCH, guild.states() + "@me", hand(raised))
                        .status())
                .isEqualTo(204);
        assertThat(Instant.parse(get(listener, guild.states() + "@me")
                        .body()
                        .get("request_to_speak_timestamp")
                        .asString()))
                .isEqualTo(raised);
        assertThat(as(listener, HttpMethod.PATCH, guild.states() + "@me", "{\"suppress\": false}")
                        .status())
                .as("unsuppressing oneself takes MUTE_MEMBERS")
                .isEqualTo(403);
        assertThat(call(HttpMethod.PATCH, guild.states() + "@me", botToken(bot), hand(Instant.now()))
                        .body()
                        .get("errors")
                        .has("request_to_speak_timestamp"))
                .as("bots never raise a hand")
                .isTrue();

        String body = "{\"channel_id\": \"" + stage + "\", \"suppress\": false}";
        assertThat(as(listener, HttpMethod.PATCH, guild.states() + bot.asString(), body)
                        .status())
                .isEqualTo(403);
        assertThat(as(guild.owner(), HttpMethod.PATCH, guild.states() + listener.asString(), body)
                        .status())
                .isEqualTo(204);
        assertThat(as(guild.owner(), HttpMethod.PATCH, guild.states() + bot.asString(), body)
                        .status())
                .isEqualTo(204);

        JsonNode invited = get(listener, guild.states() + "@me").body();
        assertThat(invited.get("suppress").asBoolean()).isFalse();
        assertThat(invited.get("request_to_speak_timestamp").isNull())
                .as("a person is invited: their hand stays up until they accept")
                .isFalse();
        JsonNode speaking = get(bot, guild.states() + "@me").body();
        assertThat(speaking.get("suppress").asBoolean()).isFalse();
        assertThat(speaking.get("request_to_speak_timestamp").isNull()).isTrue();
        assertThat(as(listener, HttpMethod.PATCH, guild.states() + "@me", "{\"request_to_speak_timestamp\": null}")
                        .status())
                .isEqualTo(204);
        assertThat(get(listener, guild.states() + "@me")
                        .body()
                        .get("request_to_speak_timestamp")
                        .isNull())
                .isTrue();
        assertThat(as(guild.owner(), HttpMethod.PATCH, guild.states() + listener.asString(), "{\"suppress\": true}")
                        .body()
                        .get("errors")
                        .has("channel_id"))
                .isTrue();

        // A moderator names the channel the member is in; any other, or a voice channel that is no stage, is refused
        // and changes nothing.
        String lounge = channel(guild, "{\"name\": \"lounge\", \"type\": 2}");
        Response elsewhere = suppressedByOwner(guild, listener, lounge);
        assertThat(elsewhere.status()).isEqualTo(400);
        assertThat(elsewhere.body().get("errors").get("channel_id").toString()).contains("VOICE_STATE_CHANNEL_INVALID");
        assertThat(get(listener, guild.states() + "@me").body().get("suppress").asBoolean())
                .isFalse();
        Snowflake chatter = newUser("chatter");
        addMember(guild.id(), chatter);
        opFour(chatter, "c", guild.id(), lounge);
        Response notStage = suppressedByOwner(guild, chatter, lounge);
        assertThat(notStage.status()).isEqualTo(400);
        assertThat(notStage.body().get("errors").get("channel_id").toString()).contains("CHANNEL_INVALID");
        assertThat(get(chatter, guild.states() + "@me").body().get("suppress").asBoolean())
                .isFalse();
    }

    @Test
    void oneVoiceChannelAtATimeAndAnEndedSessionLeaves() {
        Guild first = newGuild();
        Guild second = newGuild();
        String a = channel(first, "{\"name\": \"a\", \"type\": 2}");
        String b = channel(second, "{\"name\": \"b\", \"type\": 2}");
        Snowflake traveller = newUser("traveller");
        addMember(first.id(), traveller);
        addMember(second.id(), traveller);

        opFour(traveller, "t", first.id(), a);
        JsonNode ready = call(HttpMethod.GET, "/internal/users/" + first.owner().asString() + "/guilds", INTERNAL, null)
                .body();
        JsonNode inReady = ready.get(0).get("voice_states");
        assertThat(inReady).hasSize(1);
        assertThat(inReady.get(0).has("guild_id")).isFalse();
        assertThat(inReady.get(0).get("user_id").asString()).isEqualTo(traveller.asString());

        opFour(traveller, "t", second.id(), b);
        assertThat(get(traveller, first.states() + "@me").status())
                .as("joining elsewhere leaves the first guild's channel")
                .isEqualTo(404);
        assertThat(awaitEvent(e -> isVoiceUpdate(e, traveller, null))).isNotNull();

        assertThat(call(
                                HttpMethod.POST,
                                "/internal/voice-states/session-ended",
                                INTERNAL,
                                "{\"user_id\": \"" + traveller.asString() + "\", \"session_id\": \"other\"}")
                        .status())
                .isEqualTo(204);
        assertThat(get(traveller, second.states() + "@me").status())
                .as("another session's end leaves it")
                .isEqualTo(200);
        call(
                HttpMethod.POST,
                "/internal/voice-states/session-ended",
                INTERNAL,
                "{\"user_id\": \"" + traveller.asString() + "\", \"session_id\": \"t\"}");
        assertThat(get(traveller, second.states() + "@me").status()).isEqualTo(404);
    }

    @Test
    void anEmojiReactionInVoiceReachesThoseConnectedToTheChannel() {
        Guild guild = newGuild();
        String room = channel(guild, "{\"name\": \"room\", \"type\": 2}");
        String text = channel(guild, "{\"name\": \"text\"}");
        Snowflake listener = newUser("listener");
        Snowflake outside = newUser("outside");
        addMember(guild.id(), listener);
        addMember(guild.id(), outside);
        opFour(guild.owner(), "o", guild.id(), room);
        opFour(listener, "l", guild.id(), room);
        String emoji = as(
                        guild.owner(),
                        HttpMethod.POST,
                        "/guilds/" + guild.id() + "/emojis",
                        "{\"name\": \"wave\", \"image\": \""
                                + EmojiImagesForTests.dataUri("png", EmojiImagesForTests.png(16, 16)) + "\"}")
                .body()
                .get("id")
                .asString();
        String effects = "/channels/" + room + "/voice-channel-effects";

        assertThat(as(
                                guild.owner(),
                                HttpMethod.POST,
                                effects,
                                "{\"emoji_name\": \"\uD83D\uDD25\", \"animation_id\": 3}")
                        .status())
                .isEqualTo(204);
        JsonNode sent = awaitEvent(e -> e.path("type").asString().equals("VOICE_CHANNEL_EFFECT_SEND")
                && e.path("data").path("channel_id").asString().equals(room));
        assertThat(sent.get("audience").get("user_ids").toString())
                .contains(guild.owner().asString(), listener.asString())
                .doesNotContain(outside.asString());
        assertThat(sent.get("data").get("emoji").get("name").asString()).isEqualTo("\uD83D\uDD25");
        assertThat(sent.get("data").get("animation_type").asInt()).isEqualTo(1);
        assertThat(sent.get("data").get("animation_id").asInt()).isEqualTo(3);
        assertThat(as(listener, HttpMethod.POST, effects, "{\"emoji_id\": \"" + emoji + "\"}")
                        .status())
                .isEqualTo(204);
        assertThat(awaitEvent(e -> e.path("type").asString().equals("VOICE_CHANNEL_EFFECT_SEND")
                        && e.path("data").path("emoji").path("id").asString().equals(emoji)))
                .isNotNull();

        Response away = as(outside, HttpMethod.POST, effects, "{\"emoji_name\": \"x\"}");
        assertThat(away.status()).isEqualTo(400);
        assertThat(away.body().get("code").asInt()).isEqualTo(40032);
        assertThat(as(listener, HttpMethod.POST, effects, "{\"emoji_name\": \"x\", \"animation_type\": 0}")
                        .body()
                        .get("errors")
                        .has("animation_type"))
                .as("no one here has a premium subscription")
                .isTrue();
        assertThat(as(listener, HttpMethod.POST, effects, "{\"emoji_name\": \"x\", \"animation_id\": 21}")
                        .body()
                        .get("errors")
                        .has("animation_id"))
                .isTrue();
        assertThat(as(listener, HttpMethod.POST, effects, "{}")
                        .body()
                        .get("errors")
                        .has("emoji_name"))
                .isTrue();
        assertThat(as(listener, HttpMethod.POST, effects, "{\"emoji_id\": \"12345\"}")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10014);
        assertThat(as(
                                listener,
                                HttpMethod.POST,
                                "/channels/" + text + "/voice-channel-effects",
                                "{\"emoji_name\": \"x\"}")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50024);
        assertThat(call(HttpMethod.POST, effects, null, "{\"emoji_name\": \"x\"}")
                        .status())
                .isEqualTo(401);
    }

    private static final long USERS_BOT = 491926798626357250L;

    /** The guild's owner suppresses {@code user}, naming {@code channel} as the one they are in. */
    private Response suppressedByOwner(Guild guild, Snowflake user, String channel) {
        return as(
                guild.owner(),
                HttpMethod.PATCH,
                guild.states() + user.asString(),
                "{\"channel_id\": \"" + channel + "\", \"suppress\": true}");
    }

    private Response opFour(Snowflake user, String session, String guildId, String channelId) {
        String channel = channelId == null ? "null" : "\"" + channelId + "\"";
        return call(
                HttpMethod.POST,
                "/internal/voice-states",
                INTERNAL,
                "{\"user_id\": \"" + user.asString() + "\", \"session_id\": \"" + session + "\", \"guild_id\": \""
                        + guildId + "\", \"channel_id\": " + channel + ", \"self_mute\": true, \"self_deaf\": false}");
    }

    private static boolean isVoiceUpdate(JsonNode event, Snowflake user, String channelId) {
        JsonNode data = event.path("data");
        return event.path("type").asString().equals("VOICE_STATE_UPDATE")
                && data.path("user_id").asString().equals(user.asString())
                && (channelId == null
                        ? data.path("channel_id").isNull()
                        : data.path("channel_id").asString().equals(channelId));
    }

    private static String hand(Instant at) {
        return "{\"request_to_speak_timestamp\": \"" + at + "\"}";
    }

    private Guild newGuild() {
        Snowflake owner = newUser("owner");
        return new Guild(
                createGuild(owner, "{\"name\": \"Voice\"}").body().get("id").asString(), owner);
    }

    private String channel(Guild guild, String body) {
        Response made = as(guild.owner(), HttpMethod.POST, "/guilds/" + guild.id() + "/channels", body);
        assertThat(made.status()).as(String.valueOf(made.body())).isEqualTo(201);
        return made.body().get("id").asString();
    }
}
