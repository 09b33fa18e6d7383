package dev.concord.guild.streams;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.emojis.EmojiImagesForTests;
import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestTokenKeys;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

/** A stream's preview: uploaded by its streamer, its address read by those who may connect, served by the CDN. */
class StreamPreviewIT extends GuildApiSupport {

    @Test
    void theStreamerUploadsAPreviewThoseWhoMayConnectFindItAndEachUploadMovesIt() throws Exception {
        Snowflake streamer = newUser("streamer");
        String guild = createGuild(streamer, "{\"name\": \"Streams\"}")
                .body()
                .get("id")
                .asString();
        String room = as(
                        streamer,
                        HttpMethod.POST,
                        "/guilds/" + guild + "/channels",
                        "{\"name\": \"room\", \"type\": 2}")
                .body()
                .get("id")
                .asString();
        String locked = as(
                        streamer,
                        HttpMethod.POST,
                        "/guilds/" + guild + "/channels",
                        "{\"name\": \"locked\", \"type\": 2, \"permission_overwrites\": [{\"id\": \"" + guild
                                + "\", \"type\": 0, \"deny\": \"" + Permission.CONNECT.bit() + "\"}]}")
                .body()
                .get("id")
                .asString();
        Snowflake viewer = newUser("viewer");
        addMember(guild, viewer);
        String key = "guild:" + guild + ":" + room + ":" + streamer.asString();
        String preview = "/streams/" + key + "/preview";
        byte[] first = EmojiImagesForTests.png(64, 36);
        String body = "{\"thumbnail\": \"" + EmojiImagesForTests.dataUri("png", first) + "\"}";

        Response notConnected = as(streamer, HttpMethod.POST, preview, body);
        assertThat(notConnected.status()).isEqualTo(400);
        assertThat(notConnected.body().get("code").asInt()).isEqualTo(40032);
        joinVoice(streamer, guild, room);
        assertThat(as(viewer, HttpMethod.POST, preview, body).status())
                .as("only the streamer uploads")
                .isEqualTo(403);
        assertThat(get(viewer, preview).status()).as("no preview yet").isEqualTo(404);

        assertThat(as(streamer, HttpMethod.POST, preview, body).status()).isEqualTo(204);

        String url = get(viewer, preview).body().get("url").asString();
        assertThat(url).contains("/streams/" + key + "/previews/").endsWith(".png");
        HttpResponse<byte[]> served = cdn(url.substring(url.indexOf("/streams/")));
        assertThat(served.statusCode()).isEqualTo(200);
        assertThat(served.headers().firstValue("content-type")).hasValue("image/png");
        assertThat(served.body()).isEqualTo(first);

        as(
                streamer,
                HttpMethod.POST,
                preview,
                "{\"thumbnail\": \"" + EmojiImagesForTests.dataUri("png", EmojiImagesForTests.png(32, 18)) + "\"}");
        String moved = get(viewer, preview).body().get("url").asString();
        assertThat(moved).isNotEqualTo(url);
        assertThat(cdn(url.substring(url.indexOf("/streams/"))).statusCode())
                .as("the previous preview is gone")
                .isEqualTo(404);

        String lockedKey = "/streams/guild:" + guild + ":" + locked + ":" + streamer.asString() + "/preview";
        assertThat(get(viewer, lockedKey).status())
                .as("CONNECT in the stream's channel")
                .isEqualTo(403);
        assertThat(as(streamer, HttpMethod.POST, preview, "{\"thumbnail\": \"not an image\"}")
                        .body()
                        .get("errors")
                        .has("thumbnail"))
                .isTrue();
        assertThat(get(viewer, "/streams/call:1:2/preview").body().get("errors").has("stream_key"))
                .isTrue();
        assertThat(call(HttpMethod.GET, preview, null, null).status()).isEqualTo(401);
        assertThat(cdn("/streams/" + key + "/previews/1234.png").statusCode())
                .as("only names the store gave out")
                .isEqualTo(404);
    }

    private void joinVoice(Snowflake user, String guild, String channel) {
        Response joined = call(
                HttpMethod.POST,
                "/internal/voice-states",
                InternalCredential.header(TestTokenKeys.internalSecret()),
                "{\"user_id\": \"" + user.asString() + "\", \"session_id\": \"s\", \"guild_id\": \"" + guild
                        + "\", \"channel_id\": \"" + channel + "\"}");
        assertThat(joined.status()).isEqualTo(204);
    }

    private HttpResponse<byte[]> cdn(String path) throws Exception {
        return HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                                .build(),
                        HttpResponse.BodyHandlers.ofByteArray());
    }
}
