package dev.concord.webhook.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.webhook.WebhookServiceApiTest;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * Channel following: a channel follower webhook (type 2) made in a text channel for an announcement
 * channel, and each message published there ({@code crosspost}) posted by it as a marked copy.
 */
class ChannelFollowingIT extends WebhookServiceApiTest {

    static final long READER =
            Permission.bits(Permission.VIEW_CHANNEL, Permission.SEND_MESSAGES, Permission.READ_MESSAGE_HISTORY);

    record Following(Place source, Place target, Snowflake follower) {}

    Following following() {
        Place source = newPlace();
        GUILD_SERVICE.channelType(source.channel().value(), 5);
        GUILD_SERVICE.channelName(source.channel().value(), "announcements");
        Place target = newPlace();
        Snowflake follower = target.owner();
        source.fake().member(follower.value(), READER);
        GUILD_SERVICE.guildsOf(
                follower.value(),
                json("{\"id\": \"" + source.guild() + "\", \"name\": \"Source Guild\", \"icon\": \"a1b2c3\"}"));
        return new Following(source, target, follower);
    }

    Response follow(Following f) {
        return call(
                HttpMethod.POST,
                "/channels/" + f.source().channel() + "/followers",
                userToken(f.follower()),
                "{\"webhook_channel_id\": \"" + f.target().channel() + "\"}");
    }

    @Test
    void followingMakesAFollowerWebhookThatPostsWhatIsPublished() {
        Following f = following();

        Response followed = follow(f);

        assertThat(followed.status()).as("%s", followed.body()).isEqualTo(200);
        assertThat(followed.body().get("channel_id").asString())
                .isEqualTo(f.source().channel().asString());
        String webhookId = followed.body().get("webhook_id").asString();
        JsonNode webhook = call(
                        HttpMethod.GET,
                        "/channels/" + f.target().channel() + "/webhooks",
                        userToken(f.follower()),
                        null)
                .body()
                .get(0);
        assertThat(webhook.get("id").asString()).isEqualTo(webhookId);
        assertThat(webhook.get("type").asInt()).isEqualTo(2);
        assertThat(webhook.get("name").asString()).isEqualTo("Source Guild #announcements");
        assertThat(webhook.has("token")).isFalse();
        assertThat(webhook.has("url")).isFalse();
        assertThat(webhook.at("/source_guild/name").asString()).isEqualTo("Source Guild");
        assertThat(webhook.at("/source_guild/icon").asString()).isEqualTo("a1b2c3");
        assertThat(webhook.at("/source_channel/id").asString())
                .isEqualTo(f.source().channel().asString());
        assertThat(awaitEvent(event -> event.path("type").asString().equals("WEBHOOKS_UPDATE")
                        && event.at("/data/channel_id")
                                .asString()
                                .equals(f.target().channel().asString())))
                .isNotNull();

        // A second guild follows too: one publication, a copy in each.
        Place second = newPlace();
        f.source().fake().member(second.owner().value(), READER);
        GUILD_SERVICE.guildsOf(
                second.owner().value(), json("{\"id\": \"" + f.source().guild() + "\", \"name\": \"Source Guild\"}"));
        assertThat(follow(new Following(f.source(), second, second.owner())).status())
                .isEqualTo(200);

        String published = call(
                        HttpMethod.POST,
                        "/channels/" + f.source().channel() + "/messages",
                        userToken(f.source().owner()),
                        "{\"content\": \"Release 2.0 is out @everyone\"}")
                .body()
                .get("id")
                .asString();
        String crosspost = "/channels/" + f.source().channel() + "/messages/" + published + "/crosspost";
        Response first = call(HttpMethod.POST, crosspost, userToken(f.source().owner()), null);
        Response again = call(HttpMethod.POST, crosspost, userToken(f.source().owner()), null);

        assertThat(first.status()).as("%s", first.body()).isEqualTo(200);
        assertThat(first.body().get("flags").asInt() & 1).isEqualTo(1);
        assertThat(again.status()).isEqualTo(400);
        assertThat(again.body().get("code").asInt()).isEqualTo(40033);
        JsonNode copy = call(
                        HttpMethod.GET,
                        "/channels/" + f.target().channel() + "/messages",
                        userToken(f.follower()),
                        null)
                .body()
                .get(0);
        assertThat(copy.get("content").asString()).isEqualTo("Release 2.0 is out @everyone");
        assertThat(copy.get("mention_everyone").asBoolean())
                .as("a copy pings nobody")
                .isFalse();
        assertThat(copy.get("flags").asInt() & 2).isEqualTo(2);
        assertThat(copy.get("webhook_id").asString()).isEqualTo(webhookId);
        assertThat(copy.at("/author/username").asString()).isEqualTo("Source Guild #announcements");
        assertThat(copy.at("/message_reference/message_id").asString()).isEqualTo(published);
        assertThat(copy.at("/message_reference/guild_id").asString())
                .isEqualTo(f.source().guild().asString());
        assertThat(awaitEvent(event -> event.path("type").asString().equals("MESSAGE_CREATE")
                                && event.at("/data/id")
                                        .asString()
                                        .equals(copy.get("id").asString()))
                        .at("/data/channel_id")
                        .asString())
                .isEqualTo(f.target().channel().asString());
        JsonNode secondCopy = call(
                        HttpMethod.GET, "/channels/" + second.channel() + "/messages", userToken(second.owner()), null)
                .body();
        assertThat(secondCopy).hasSize(1);
        assertThat(secondCopy.get(0).get("content").asString()).isEqualTo("Release 2.0 is out @everyone");
        assertThat(secondCopy.get(0).get("id").asString())
                .isNotEqualTo(copy.get("id").asString());
    }

    @Test
    void refusesWhatCannotBeFollowedOrPublishedAndMakesNothing() {
        Following f = following();
        Place plain = newPlace();
        Snowflake member = f.source().member(this, "member", READER);

        Response textChannel = call(
                HttpMethod.POST,
                "/channels/" + plain.channel() + "/followers",
                userToken(plain.owner()),
                "{\"webhook_channel_id\": \"" + plain.channel() + "\"}");
        Response noTarget = call(
                HttpMethod.POST, "/channels/" + f.source().channel() + "/followers", userToken(f.follower()), "{}");
        Response notManager = call(
                HttpMethod.POST,
                "/channels/" + f.source().channel() + "/followers",
                userToken(member),
                "{\"webhook_channel_id\": \"" + f.target().channel() + "\"}");
        String theirs = call(
                        HttpMethod.POST,
                        "/channels/" + f.source().channel() + "/messages",
                        userToken(f.source().owner()),
                        "{\"content\": \"news\"}")
                .body()
                .get("id")
                .asString();
        Response othersMessage = call(
                HttpMethod.POST,
                "/channels/" + f.source().channel() + "/messages/" + theirs + "/crosspost",
                userToken(member),
                null);
        String plainMessage = call(
                        HttpMethod.POST,
                        "/channels/" + plain.channel() + "/messages",
                        userToken(plain.owner()),
                        "{\"content\": \"not news\"}")
                .body()
                .get("id")
                .asString();
        Response notAnnouncement = call(
                HttpMethod.POST,
                "/channels/" + plain.channel() + "/messages/" + plainMessage + "/crosspost",
                userToken(plain.owner()),
                null);

        assertThat(textChannel.body().get("code").asInt()).isEqualTo(50024);
        assertThat(noTarget.body()
                        .at("/errors/webhook_channel_id/_errors/0/code")
                        .asString())
                .isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(notManager.body().get("code").asInt()).isIn(50001, 50013);
        assertThat(othersMessage.body().get("code").asInt()).isEqualTo(50013);
        assertThat(notAnnouncement.body().get("code").asInt()).isEqualTo(50024);
        assertThat(call(HttpMethod.POST, "/channels/" + f.source().channel() + "/followers", null, "{}")
                        .status())
                .isEqualTo(401);
        assertThat(stored(
                        "SELECT count(*) FROM webhooks WHERE source_channel_id = :id",
                        f.source().channel()))
                .isZero();
    }
}
