package dev.concord.guild.streams;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.SocialServiceFake;
import dev.concord.platform.test.TestTokenKeys;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Going live: the streamer notifies their friends in the guild who keep stream notifications on and see the channel. */
class StreamNotifyIT extends GuildApiSupport {

    private static final SocialServiceFake SOCIAL = SocialServiceFake.shared();

    @Test
    void friendsInTheGuildWhoSeeTheChannelAndWantNotificationsAreNotifiedOnce() {
        Snowflake streamer = newUser("live");
        String guild =
                createGuild(streamer, "{\"name\": \"Live\"}").body().get("id").asString();
        String room = voiceChannel(streamer, guild, "{\"name\": \"room\", \"type\": 2}");
        Snowflake fan = friendInGuild(streamer, guild, "fan");
        Snowflake quiet = friendInGuild(streamer, guild, "quiet");
        SOCIAL.streamNotificationsOff(quiet.value());
        Snowflake elsewhere = newUser("elsewhere");
        SOCIAL.friends(streamer.value(), elsewhere.value());
        Snowflake stranger = newUser("stranger");
        addMember(guild, stranger);
        long hidden = addRole(guild, 1, 0);
        Snowflake blind = newUser("blind");
        SOCIAL.friends(streamer.value(), blind.value());
        addMember(guild, blind, hidden);
        as(
                streamer,
                HttpMethod.PUT,
                "/channels/" + room + "/permissions/" + hidden,
                "{\"type\": 0, \"deny\": \"" + Permission.VIEW_CHANNEL.bit() + "\"}");
        String notify = "/streams/guild:" + guild + ":" + room + ":" + streamer + "/notify";

        Response notLive = as(streamer, HttpMethod.POST, notify, null);
        assertThat(notLive.body().get("code").asInt()).as("not connected").isEqualTo(40032);
        joinVoice(streamer, guild, room);
        assertThat(as(fan, HttpMethod.POST, notify, null).status())
                .as("another's stream")
                .isEqualTo(403);
        assertThat(call(HttpMethod.POST, notify, null, null).status()).isEqualTo(401);
        assertThat(call(HttpMethod.POST, notify, botToken(streamer), null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(20001);
        assertThat(as(streamer, HttpMethod.POST, "/streams/nonsense/notify", null)
                        .status())
                .isEqualTo(400);

        assertThat(as(streamer, HttpMethod.POST, notify, null).status()).isEqualTo(204);

        JsonNode item = awaitEvent(e -> isEventFor(e, "NOTIFICATION_CENTER_ITEM_CREATE", fan));
        assertThat(item.at("/data/type").asString()).isEqualTo("go_live_push");
        assertThat(item.at("/data/other_user/id").asString()).isEqualTo(streamer.asString());
        assertThat(item.at("/data/guild_id").asString()).isEqualTo(guild);
        assertThat(item.at("/data/channel_id").asString()).isEqualTo(room);
        assertThat(item.at("/data/body").asString()).contains("room");
        assertThat(item.at("/data/acked").asBoolean()).isFalse();
        assertThat(item.at("/audience/user_ids")).isEqualTo(json("[\"" + fan + "\"]"));

        assertThat(as(streamer, HttpMethod.POST, notify, null).status()).isEqualTo(204);
        // A later stream's notice to the fan comes after any second one of the first stream would have.
        String den = voiceChannel(streamer, guild, "{\"name\": \"den\", \"type\": 2}");
        joinVoice(streamer, guild, den);
        as(streamer, HttpMethod.POST, "/streams/guild:" + guild + ":" + den + ":" + streamer + "/notify", null);
        awaitEvent(e -> isEventFor(e, "NOTIFICATION_CENTER_ITEM_CREATE", fan)
                && e.at("/data/channel_id").asString().equals(den));
        List<String> notified = events.all().stream()
                .filter(e -> e.path("type").asString().equals("NOTIFICATION_CENTER_ITEM_CREATE")
                        && e.at("/data/channel_id").asString().equals(room))
                .map(e -> e.at("/audience/user_ids/0").asString())
                .toList();
        assertThat(notified)
                .as(
                        "the fan once; not one who turned them off, outside the guild, a stranger, or one who cannot see the room")
                .containsExactly(fan.asString());
    }

    private Snowflake friendInGuild(Snowflake user, String guild, String name) {
        Snowflake friend = newUser(name);
        SOCIAL.friends(user.value(), friend.value());
        addMember(guild, friend);
        return friend;
    }

    private String voiceChannel(Snowflake owner, String guild, String body) {
        return as(owner, HttpMethod.POST, "/guilds/" + guild + "/channels", body)
                .body()
                .get("id")
                .asString();
    }

    private void joinVoice(Snowflake user, String guild, String channel) {
        Response joined = call(
                HttpMethod.POST,
                "/internal/voice-states",
                InternalCredential.header(TestTokenKeys.internalSecret()),
                "{\"user_id\": \"" + user + "\", \"session_id\": \"s\", \"guild_id\": \"" + guild
                        + "\", \"channel_id\": \"" + channel + "\"}");
        assertThat(joined.status()).isEqualTo(204);
    }
}
