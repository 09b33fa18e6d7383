package dev.concord.guild.calls;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.SocialServiceFake;
import dev.concord.platform.test.TestTokenKeys;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Calls in DMs: op 4 without a guild starts, joins and leaves a DM's call; guild voice and calls exclude each other. */
class PrivateCallIT extends GuildApiSupport {

    private static final String INTERNAL = InternalCredential.header(TestTokenKeys.internalSecret());
    private static final SocialServiceFake SOCIAL = SocialServiceFake.shared();

    @Autowired
    private RedisReactiveCommands<String, String> redis;

    @Test
    void theFirstInStartsTheCallRingingTheOtherWhoJoinsAndTheLastOutEndsIt() {
        Snowflake me = newUser("caller");
        Snowflake you = newUser("callee");
        String dm = dm(me, you);

        assertThat(opFour(me, "s1", null, dm).status()).isEqualTo(204);

        JsonNode created = awaitEvent(e -> isCall(e, "CALL_CREATE", dm));
        assertThat(userIds(created)).containsExactlyInAnyOrder(me.asString(), you.asString());
        assertThat(created.at("/data/ringing")).isEqualTo(json("[\"" + you + "\"]"));
        String messageId = created.at("/data/message_id").asString();
        assertThat(Snowflake.parse(messageId).timestamp())
                .as("the id of the call's system message, made as the call starts")
                .isAfter(java.time.Instant.now().minusSeconds(60));
        assertThat(created.at("/data/region").asString()).isNotBlank();
        assertThat(created.at("/data/voice_states/0/user_id").asString()).isEqualTo(me.asString());
        assertThat(created.at("/data/voice_states/0/session_id").asString()).isEqualTo("s1");
        assertThat(created.at("/data/voice_states/0/self_mute").asBoolean()).isTrue();
        assertThat(created.at("/data/voice_states/0").has("guild_id")).isFalse();
        JsonNode server = awaitEvent(e -> isEventFor(e, "VOICE_SERVER_UPDATE", me)
                && e.at("/data/channel_id").asString().equals(dm));
        assertThat(server.at("/data/guild_id").isNull()).isTrue();
        assertThat(server.at("/data/token").asString()).hasSize(32);
        assertThat(userIds(server)).containsExactly(me.asString());
        JsonNode joined = awaitEvent(e -> isCallState(e, me, dm));
        assertThat(userIds(joined)).containsExactlyInAnyOrder(me.asString(), you.asString());
        assertThat(joined.at("/data/suppress").asBoolean()).isFalse();
        assertThat(inCall(dm, me)).isTrue();
        assertThat(ringing(dm)).containsExactly(you.asString());

        assertThat(opFour(you, "s2", null, dm).status()).isEqualTo(204);
        JsonNode answered = awaitEvent(e -> isCall(e, "CALL_UPDATE", dm));
        assertThat(answered.at("/data/ringing")).isEqualTo(json("[]"));
        assertThat(answered.at("/data/message_id").asString()).isEqualTo(messageId);
        assertThat(awaitEvent(e -> isCallState(e, you, dm))).isNotNull();
        assertThat(ringing(dm)).isEmpty();

        assertThat(opFour(me, "s1", null, null).status()).isEqualTo(204);
        assertThat(awaitEvent(e -> isCallState(e, me, null))).isNotNull();
        assertThat(inCall(dm, me)).isFalse();
        assertThat(inCall(dm, you)).as("the call goes on").isTrue();

        assertThat(call(
                                HttpMethod.POST,
                                "/internal/voice-states/session-ended",
                                INTERNAL,
                                "{\"user_id\": \"" + you + "\", \"session_id\": \"s2\"}")
                        .status())
                .isEqualTo(204);
        assertThat(awaitEvent(e -> isCall(e, "CALL_DELETE", dm)).at("/data"))
                .isEqualTo(json("{\"channel_id\": \"" + dm + "\"}"));
        assertThat(redis.exists(
                                "call:{" + dm + "}:states",
                                "call:{" + dm + "}:ringing",
                                "call:{" + dm + "}:region",
                                "call:{" + dm + "}:message")
                        .block())
                .as("nothing of the call is left")
                .isZero();
    }

    @Test
    void onlyARecipientJoinsAndARefusalChangesNothing() {
        Snowflake me = newUser("owner");
        Snowflake you = newUser("other");
        String dm = dm(me, you);
        Snowflake stranger = newUser("stranger");

        Response refused = opFour(stranger, "x", null, dm);
        assertThat(refused.status()).isEqualTo(404);
        assertThat(refused.body().get("code").asInt()).isEqualTo(10003);
        Response unknown = opFour(me, "x", null, "1234567890123");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(redis.exists("call:{" + dm + "}:states").block()).isZero();
        assertThat(redis.exists("call:user:" + stranger).block()).isZero();
        assertThat(opFour(stranger, "x", null, null).status())
                .as("leaving no call is fine")
                .isEqualTo(204);
    }

    @Test
    void joiningACallLeavesGuildVoiceAndJoiningGuildVoiceLeavesTheCall() {
        Snowflake me = newUser("hopper");
        Snowflake you = newUser("friend");
        String dm = dm(me, you);
        String guild = createGuild(me, "{\"name\": \"voice\"}").body().get("id").asString();
        String lounge = as(me, HttpMethod.POST, "/guilds/" + guild + "/channels", "{\"name\": \"lounge\", \"type\": 2}")
                .body()
                .get("id")
                .asString();
        assertThat(opFour(me, "s", guild, lounge).status()).isEqualTo(204);

        assertThat(opFour(me, "s", null, dm).status()).isEqualTo(204);
        JsonNode leftGuild = awaitEvent(e -> e.path("type").asString().equals("VOICE_STATE_UPDATE")
                && e.at("/data/guild_id").asString().equals(guild)
                && e.at("/data/user_id").asString().equals(me.asString())
                && e.at("/data/channel_id").isNull());
        assertThat(leftGuild).isNotNull();
        assertThat(get(me, "/guilds/" + guild + "/voice-states/@me").status()).isEqualTo(404);
        assertThat(inCall(dm, me)).isTrue();

        assertThat(opFour(me, "s", guild, lounge).status()).isEqualTo(204);
        assertThat(awaitEvent(e -> isCall(e, "CALL_DELETE", dm))).isNotNull();
        assertThat(inCall(dm, me)).isFalse();
        assertThat(get(me, "/guilds/" + guild + "/voice-states/@me")
                        .body()
                        .get("channel_id")
                        .asString())
                .isEqualTo(lounge);
    }

    @Test
    void aGroupCallRingsEveryoneAndOneTakenOutOfTheGroupIsOutOfTheCall() {
        Snowflake owner = newUser("host");
        Snowflake ann = newUser("ann");
        Snowflake bob = newUser("bob");
        SOCIAL.friends(owner.value(), ann.value());
        SOCIAL.friends(owner.value(), bob.value());
        Response made = as(
                owner, HttpMethod.POST, "/users/@me/channels", "{\"recipients\": [\"" + ann + "\", \"" + bob + "\"]}");
        assertThat(made.status()).as("%s", made.body()).isEqualTo(200);
        String group = made.body().get("id").asString();

        opFour(owner, "o", null, group);
        assertThat(awaitEvent(e -> isCall(e, "CALL_CREATE", group)).at("/data/ringing"))
                .isEqualTo(json(
                        ann.value() < bob.value()
                                ? "[\"" + ann + "\", \"" + bob + "\"]"
                                : "[\"" + bob + "\", \"" + ann + "\"]"));
        opFour(ann, "a", null, group);
        assertThat(awaitEvent(e -> isCall(e, "CALL_UPDATE", group)).at("/data/ringing"))
                .isEqualTo(json("[\"" + bob + "\"]"));

        assertThat(as(owner, HttpMethod.DELETE, "/channels/" + group + "/recipients/" + ann, null)
                        .status())
                .isEqualTo(204);
        JsonNode removed = awaitEvent(e -> isCallState(e, ann, null));
        assertThat(userIds(removed)).contains(ann.asString(), owner.asString());
        assertThat(inCall(group, ann)).isFalse();
        assertThat(redis.exists("call:user:" + ann).block()).isZero();
        assertThat(inCall(group, owner)).isTrue();
    }

    @Test
    void oneWhoBlockedTheCallerIsNeverRung() {
        Snowflake owner = newUser("blocked-caller");
        Snowflake ann = newUser("friendly");
        Snowflake bob = newUser("blocker");
        SOCIAL.friends(owner.value(), ann.value());
        SOCIAL.friends(owner.value(), bob.value());
        Response made = as(
                owner, HttpMethod.POST, "/users/@me/channels", "{\"recipients\": [\"" + ann + "\", \"" + bob + "\"]}");
        assertThat(made.status()).as("%s", made.body()).isEqualTo(200);
        String group = made.body().get("id").asString();
        SOCIAL.policy(bob.value(), owner.value(), true, false, List.of());

        opFour(owner, "o", null, group);
        assertThat(awaitEvent(e -> isCall(e, "CALL_CREATE", group)).at("/data/ringing"))
                .isEqualTo(json("[\"" + ann + "\"]"));
        assertThat(ringing(group)).containsExactly(ann.asString());

        assertThat(as(
                                owner,
                                HttpMethod.POST,
                                "/channels/" + group + "/call/ring",
                                "{\"recipients\": [\"" + bob + "\"]}")
                        .status())
                .as("the ring is taken, as a ring of one who does not answer")
                .isEqualTo(204);
        assertThat(ringing(group)).as("but the blocker is not rung").containsExactly(ann.asString());
        assertThat(as(owner, HttpMethod.POST, "/channels/" + group + "/call/ring", null)
                        .status())
                .as("ringing one already rung changes nothing and is no error")
                .isEqualTo(204);
        assertThat(ringing(group)).containsExactly(ann.asString());
    }

    @Test
    void theRungDeclineAndTheCallerRingsAgain() {
        Snowflake me = newUser("ringer");
        Snowflake you = newUser("rung");
        String dm = dm(me, you);
        String ring = "/channels/" + dm + "/call/ring";
        String stop = "/channels/" + dm + "/call/stop-ringing";
        assertThat(as(you, HttpMethod.POST, ring, null).body().get("code").asInt())
                .as("only one in the call rings")
                .isEqualTo(40032);
        opFour(me, "m", null, dm);
        awaitEvent(e -> isCall(e, "CALL_CREATE", dm));

        assertThat(as(you, HttpMethod.POST, stop, null).status()).isEqualTo(204);
        JsonNode declined = awaitEvent(e -> isCall(e, "CALL_UPDATE", dm));
        assertThat(declined.at("/data/ringing")).isEqualTo(json("[]"));
        assertThat(userIds(declined)).containsExactlyInAnyOrder(me.asString(), you.asString());
        assertThat(ringing(dm)).isEmpty();

        assertThat(as(me, HttpMethod.POST, ring, "{\"recipients\": null}").status())
                .isEqualTo(204);
        assertThat(awaitEvent(e -> isCall(e, "CALL_UPDATE", dm)
                                && e.at("/data/ringing").size() == 1)
                        .at("/data/ringing/0")
                        .asString())
                .isEqualTo(you.asString());
        assertThat(ringing(dm)).containsExactly(you.asString());
        assertThat(as(me, HttpMethod.POST, stop, "{\"recipients\": [\"" + you + "\"]}")
                        .status())
                .as("the caller cancels")
                .isEqualTo(204);
        assertThat(ringing(dm)).isEmpty();
        assertThat(as(you, HttpMethod.POST, stop, "{\"recipients\": [\"" + me + "\"]}")
                        .body()
                        .get("code")
                        .asInt())
                .as("stopping another's ring needs to be in the call")
                .isEqualTo(40032);

        Response stranger = as(me, HttpMethod.POST, ring, "{\"recipients\": [\"" + newUser("outsider") + "\"]}");
        assertThat(stranger.status()).isEqualTo(400);
        assertThat(stranger.body().at("/errors/recipients/0/_errors/0/code").asString())
                .isEqualTo("NOT_A_RECIPIENT");
        Response tooMany = as(me, HttpMethod.POST, ring, "{\"recipients\": [" + "\"1\",".repeat(10) + "\"1\"]}");
        assertThat(tooMany.status()).isEqualTo(400);
        assertThat(tooMany.body().at("/errors/recipients/_errors/0/code").asString())
                .isEqualTo("BASE_TYPE_MAX_LENGTH");
        assertThat(ringing(dm)).as("refusals ring nobody").isEmpty();
        assertThat(call(HttpMethod.POST, ring, null, null).status()).isEqualTo(401);
        assertThat(call(HttpMethod.POST, ring, botToken(me), null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(20001);
        assertThat(as(newUser("nobody"), HttpMethod.POST, ring, null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10003);
    }

    private String dm(Snowflake me, Snowflake you) {
        Response opened = as(me, HttpMethod.POST, "/users/@me/channels", "{\"recipient_id\": \"" + you + "\"}");
        assertThat(opened.status()).as("%s", opened.body()).isEqualTo(200);
        return opened.body().get("id").asString();
    }

    private Response opFour(Snowflake user, String session, @Nullable String guildId, @Nullable String channelId) {
        return call(
                HttpMethod.POST,
                "/internal/voice-states",
                INTERNAL,
                "{\"user_id\": \"" + user + "\", \"session_id\": \"" + session + "\", \"guild_id\": "
                        + quoted(guildId) + ", \"channel_id\": " + quoted(channelId)
                        + ", \"self_mute\": true, \"self_deaf\": false}");
    }

    private boolean inCall(String channelId, Snowflake user) {
        return Boolean.TRUE.equals(redis.hexists("call:{" + channelId + "}:states", user.asString())
                .block());
    }

    private List<String> ringing(String channelId) {
        return redis.smembers("call:{" + channelId + "}:ringing").collectList().block();
    }

    private static String quoted(@Nullable String id) {
        return id == null ? "null" : "\"" + id + "\"";
    }

    private static boolean isCall(JsonNode event, String type, String channelId) {
        return event.path("type").asString().equals(type)
                && event.at("/data/channel_id").asString().equals(channelId);
    }

    private static boolean isCallState(JsonNode event, Snowflake user, @Nullable String channelId) {
        JsonNode data = event.path("data");
        return event.path("type").asString().equals("VOICE_STATE_UPDATE")
                && !data.has("guild_id")
                && data.path("user_id").asString().equals(user.asString())
                && (channelId == null
                        ? data.path("channel_id").isNull()
                        : data.path("channel_id").asString().equals(channelId));
    }

    private static List<String> userIds(JsonNode event) {
        return event.at("/audience/user_ids")
                .valueStream()
                .map(JsonNode::asString)
                .toList();
    }
}
