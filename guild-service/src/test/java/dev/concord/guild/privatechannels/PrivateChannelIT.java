package dev.concord.guild.privatechannels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestTokenKeys;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** {@code /users/@me/channels}: opening a DM once, listing them, and what other services read of one. */
class PrivateChannelIT extends GuildApiSupport {

    Response open(Snowflake me, String body) {
        return call(HttpMethod.POST, "/users/@me/channels", userToken(me), body);
    }

    @Test
    void aDmIsMadeOnceAndBothRecipientsHearOfIt() {
        Snowflake me = newUser("me");
        Snowflake you = newUser("you");

        Response first = open(me, "{\"recipient_id\": \"" + you + "\"}");
        Response again = open(me, "{\"recipient_id\": \"" + you + "\"}");
        Response theirs = open(you, "{\"recipient_id\": \"" + me + "\"}");

        assertThat(first.status()).as("%s", first.body()).isEqualTo(200);
        JsonNode dm = first.body();
        assertThat(dm.get("type").asInt()).isEqualTo(1);
        assertThat(dm.get("recipients")).hasSize(1);
        assertThat(dm.at("/recipients/0/id").asString()).isEqualTo(you.asString());
        assertThat(dm.get("last_message_id").isNull()).isTrue();
        assertThat(again.body().get("id").asString()).isEqualTo(dm.get("id").asString());
        assertThat(theirs.body().get("id").asString()).isEqualTo(dm.get("id").asString());
        assertThat(theirs.body().at("/recipients/0/id").asString()).isEqualTo(me.asString());
        String id = dm.get("id").asString();
        JsonNode toMe = awaitEvent(e -> isEventFor(e, "CHANNEL_CREATE", me)
                && e.at("/data/id").asString().equals(id));
        JsonNode toYou = awaitEvent(e -> isEventFor(e, "CHANNEL_CREATE", you)
                && e.at("/data/id").asString().equals(id));
        assertThat(toMe.at("/data/recipients/0/id").asString()).isEqualTo(you.asString());
        assertThat(toYou.at("/data/recipients/0/id").asString()).isEqualTo(me.asString());
        assertThat(events.all().stream()
                        .filter(e -> e.path("type").asString().equals("CHANNEL_CREATE")
                                && e.at("/data/id").asString().equals(id)))
                .as("one per recipient, once")
                .hasSize(2);
        assertThat(count("SELECT count(*) FROM private_channel_recipients WHERE channel_id = :id", Snowflake.parse(id)))
                .isEqualTo(2);
        assertThat(call(HttpMethod.GET, "/users/@me/channels", userToken(me), null)
                        .body()
                        .valueStream()
                        .map(c -> c.get("id").asString()))
                .containsExactly(id);
    }

    @Test
    void otherServicesReadTheDmsRecipients() {
        Snowflake me = newUser("me");
        Snowflake you = newUser("you");
        String id =
                open(me, "{\"recipient_id\": \"" + you + "\"}").body().get("id").asString();

        JsonNode channel = call(
                        HttpMethod.GET,
                        "/internal/channels/" + id,
                        InternalCredential.header(TestTokenKeys.internalSecret()),
                        null)
                .body();

        assertThat(channel.get("type").asInt()).isEqualTo(1);
        assertThat(channel.has("guild_id")).isFalse();
        assertThat(channel.get("recipient_ids").valueStream().map(JsonNode::asString))
                .containsExactlyInAnyOrder(me.asString(), you.asString());
    }

    @Test
    void aClosedDmLeavesTheClosersListUntilTheyOpenItOrAMessageIsSentInIt() {
        Snowflake me = newUser("closer");
        Snowflake you = newUser("other");
        String id =
                open(me, "{\"recipient_id\": \"" + you + "\"}").body().get("id").asString();
        String internal = InternalCredential.header(TestTokenKeys.internalSecret());

        Response closed = call(HttpMethod.DELETE, "/channels/" + id, userToken(me), null);
        Response closedAgain = call(HttpMethod.DELETE, "/channels/" + id, userToken(me), null);

        assertThat(closed.status()).as("%s", closed.body()).isEqualTo(200);
        assertThat(closed.body().get("id").asString()).isEqualTo(id);
        assertThat(closedAgain.status()).isEqualTo(200);
        awaitEvent(e -> isEventFor(e, "CHANNEL_DELETE", me)
                && e.at("/data/id").asString().equals(id));
        assertThat(listed(me)).doesNotContain(id);
        assertThat(listed(you)).as("only the closer's").contains(id);
        assertThat(count(
                        "SELECT count(*) FROM private_channel_recipients WHERE channel_id = :id AND closed",
                        Snowflake.parse(id)))
                .isEqualTo(1);

        Response reopened = call(HttpMethod.POST, "/internal/channels/" + id + "/reopen", internal, null);

        assertThat(reopened.status()).isEqualTo(204);
        assertThat(listed(me)).contains(id);
        assertThat(call(HttpMethod.POST, "/internal/channels/" + id + "/reopen", internal, null)
                        .status())
                .as("nobody left to reopen it for")
                .isEqualTo(204);
        call(HttpMethod.DELETE, "/channels/" + id, userToken(me), null);
        assertThat(listed(me)).doesNotContain(id);
        assertThat(open(me, "{\"recipient_id\": \"" + you + "\"}")
                        .body()
                        .get("id")
                        .asString())
                .isEqualTo(id);
        assertThat(listed(me)).as("opened again by its closer").contains(id);
        // Events arrive on their own time: counted once all are in.
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(events.all().stream()
                            .filter(e -> isEventFor(e, "CHANNEL_CREATE", me)
                                    && e.at("/data/id").asString().equals(id)))
                    .as("made, reopened by a message, reopened by its closer")
                    .hasSize(3);
            assertThat(events.all().stream()
                            .filter(e -> isEventFor(e, "CHANNEL_DELETE", me)
                                    && e.at("/data/id").asString().equals(id)))
                    .as("closed twice, once each time it was open")
                    .hasSize(2);
        });
        assertThat(call(HttpMethod.POST, "/internal/channels/1/reopen", internal, null)
                        .status())
                .isEqualTo(404);
    }

    private List<String> listed(Snowflake user) {
        return call(HttpMethod.GET, "/users/@me/channels", userToken(user), null)
                .body()
                .valueStream()
                .map(c -> c.get("id").asString())
                .toList();
    }

    @Test
    void refusals() {
        Snowflake me = newUser("me");

        assertThat(open(me, "{\"recipient_id\": \"" + me + "\"}")
                        .body()
                        .at("/errors/recipient_id/_errors/0/code")
                        .asString())
                .isEqualTo("DIRECT_MESSAGE_SELF");
        assertThat(open(me, "{}")
                        .body()
                        .at("/errors/recipient_id/_errors/0/code")
                        .asString())
                .isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(open(me, "{\"recipients\": [\"1\", \"2\"]}")
                        .body()
                        .get("code")
                        .asInt())
                .as("a group DM of no users (GroupDirectMessageIT has the rest)")
                .isEqualTo(50033);
        assertThat(call(HttpMethod.POST, "/users/@me/channels", null, "{\"recipient_id\": \"1\"}")
                        .status())
                .isEqualTo(401);
        assertThat(count("SELECT count(*) FROM private_channel_recipients WHERE user_id = :id", me))
                .isZero();
    }
}
