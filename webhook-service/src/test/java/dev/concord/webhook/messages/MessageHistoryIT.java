package dev.concord.webhook.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Reading a channel: pages before, after and around a message, one message, and who may read. */
class MessageHistoryIT extends MessageApiSupport {

    record Channel(Place place, Snowflake author, List<String> ids) {}

    /** A channel with ten messages, oldest first in {@code ids}. */
    Channel tenMessages() {
        Place place = newPlace();
        Snowflake author = place.member(this, "author", MEMBER);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            ids.add(send(author, place.channel(), "{\"content\": \"m" + i + "\"}")
                    .body()
                    .get("id")
                    .asString());
        }
        return new Channel(place, author, ids);
    }

    List<String> page(Channel channel, String query) {
        JsonNode page = get(channel.author(), "/channels/" + channel.place().channel() + "/messages" + query)
                .body();
        return page.valueStream().map(m -> m.get("id").asString()).toList();
    }

    @Test
    void pagesComeNewestFirstBeforeAfterAndAroundAMessage() {
        Channel channel = tenMessages();
        List<String> ids = channel.ids();

        assertThat(page(channel, "")).containsExactly(reversed(ids.subList(0, 10)));
        assertThat(page(channel, "?limit=3")).containsExactly(ids.get(9), ids.get(8), ids.get(7));
        assertThat(page(channel, "?limit=2&before=" + ids.get(5))).containsExactly(ids.get(4), ids.get(3));
        assertThat(page(channel, "?limit=2&after=" + ids.get(5))).containsExactly(ids.get(7), ids.get(6));
        assertThat(page(channel, "?limit=3&around=" + ids.get(5))).containsExactly(ids.get(6), ids.get(5), ids.get(4));
        assertThat(page(channel, "?after=" + ids.get(9))).isEmpty();
    }

    @Test
    void oneMessageAndTheRulesOfReading() {
        Channel channel = tenMessages();
        Place place = channel.place();
        Snowflake blind = place.member(this, "blind", Permission.VIEW_CHANNEL.bit());
        Snowflake stranger = newUser("stranger");
        String path = "/channels/" + place.channel() + "/messages";

        JsonNode one = get(channel.author(), path + "/" + channel.ids().get(2)).body();

        assertThat(one.get("content").asString()).isEqualTo("m2");
        assertThat(one.has("nonce")).isFalse();
        assertThat(get(channel.author(), path + "/42").body().get("code").asInt())
                .isEqualTo(10008);
        assertThat(get(blind, path).body())
                .as("no READ_MESSAGE_HISTORY: nothing")
                .isEmpty();
        assertThat(get(blind, path + "/" + channel.ids().get(2))
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50013);
        assertThat(get(stranger, path).body().get("code").asInt()).isEqualTo(50001);
        assertThat(get(channel.author(), path + "?limit=101")
                        .body()
                        .at("/errors/limit/_errors/0/code")
                        .asString())
                .isEqualTo("NUMBER_TYPE_MAX");
        assertThat(get(channel.author(), path + "?before=1&after=2").status()).isEqualTo(400);
        assertThat(call(HttpMethod.GET, path, null, null).status()).isEqualTo(401);
    }

    @Test
    void theNewestPageIsKeptInMemoryUntilTheChannelsMessagesChangeOnAnyInstance() {
        // Written straight into the table: messages sent through the API would have their MESSAGE_CREATE
        // arrive at some later moment and forget the page while the test relies on it being kept.
        Channel channel = tenRowsWithoutEvents();
        List<String> ids = channel.ids();
        assertThat(page(channel, "?limit=3")).containsExactly(ids.get(9), ids.get(8), ids.get(7));

        deleteRow(ids.get(9));
        assertThat(page(channel, "?limit=2"))
                .as("read from memory: the row deleted behind the service's back still shows")
                .containsExactly(ids.get(9), ids.get(8));
        assertThat(page(channel, "?limit=2&before=" + ids.get(9)))
                .as("a page anchored elsewhere is read from the database")
                .containsExactly(ids.get(8), ids.get(7));

        String sent = send(channel.author(), channel.place().channel(), "{\"content\": \"new\"}")
                .body()
                .get("id")
                .asString();
        assertThat(page(channel, "?limit=3"))
                .as("a message sent here forgets the page at once")
                .containsExactly(sent, ids.get(8), ids.get(7));

        deleteRow(sent);
        publishDeletion(channel, sent);
        Awaitility.await("another instance's deletion forgets the page")
                .atMost(Duration.ofSeconds(15))
                .until(() -> page(channel, "?limit=1"), newest -> newest.equals(List.of(ids.get(8))));
    }

    /** A channel with ten messages stored without any event, oldest first in {@code ids}. */
    private Channel tenRowsWithoutEvents() {
        Place place = newPlace();
        Snowflake author = place.member(this, "author", MEMBER);
        long first = Snowflake.firstAt(Instant.now().minusSeconds(60)).value();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            long id = first + i;
            db.sql("""
                            INSERT INTO messages (channel_id, id, guild_id, author_id, content)
                            VALUES (:channel, :id, :guild, :author, :content)""")
                    .bind("channel", place.channel().value())
                    .bind("id", id)
                    .bind("guild", place.guild().value())
                    .bind("author", author.value())
                    .bind("content", "m" + i)
                    .then()
                    .block(Duration.ofSeconds(5));
            ids.add(Long.toString(id));
        }
        return new Channel(place, author, ids);
    }

    private void deleteRow(String id) {
        db.sql("DELETE FROM messages WHERE id = :id")
                .bind("id", Long.parseLong(id))
                .then()
                .block(Duration.ofSeconds(5));
    }

    /** MESSAGE_DELETE on webhook.events, as another instance deleting the message publishes it. */
    private void publishDeletion(Channel channel, String messageId) {
        String channelId = channel.place().channel().asString();
        publish(
                "webhook.events",
                channelId,
                "MESSAGE_DELETE",
                Map.of("user_ids", List.of()),
                Map.of("id", messageId, "channel_id", channelId));
    }

    private static String[] reversed(List<String> ids) {
        List<String> copy = new ArrayList<>(ids);
        Collections.reverse(copy);
        return copy.toArray(String[]::new);
    }
}
