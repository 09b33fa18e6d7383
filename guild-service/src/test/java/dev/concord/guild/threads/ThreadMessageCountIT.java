package dev.concord.guild.threads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.test.ApiCalls.Response;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * A thread's {@code message_count} as the platform keeps it: the messages in it now, neither the deleted
 * ones nor a post's first message; {@code total_message_sent} keeps the deleted ones.
 */
class ThreadMessageCountIT extends ThreadApiSupport {

    /** Message ids of this class's own, apart from any other test's. */
    private static final AtomicLong MESSAGE_IDS = new AtomicLong(7_000_000_000_000L + System.nanoTime() % 1_000_000L);

    @Test
    void deletedMessagesLeaveTheCountButNotTheTotalAndNeverTakeItBelowZero() {
        Guild guild = newGuild();
        String id = thread(guild.owner(), guild.general(), "\"name\": \"t\", \"type\": 11");
        long first = MESSAGE_IDS.incrementAndGet();
        long second = MESSAGE_IDS.incrementAndGet();
        message(id, guild.owner(), first, false);
        message(id, guild.owner(), second, false);

        Response deleted = deleted(id, "[\"" + first + "\"]");

        assertThat(deleted.status()).as("%s", deleted.body()).isEqualTo(204);
        assertThat(thread(guild, id).get("message_count").asInt()).isEqualTo(1);
        assertThat(thread(guild, id).get("total_message_sent").asInt()).isEqualTo(2);

        // A bulk delete naming the other one twice and an id the count never had.
        assertThat(deleted(id, "[\"" + second + "\", \"" + second + "\", \"42\"]")
                        .status())
                .isEqualTo(204);
        assertThat(thread(guild, id).get("message_count").asInt()).isZero();
        assertThat(thread(guild, id).get("total_message_sent").asInt()).isEqualTo(2);
    }

    @Test
    void aPostsFirstMessageIsNotCounted() {
        Guild guild = newGuild();
        String forum = channel(guild, "{\"name\": \"ideas\", \"type\": 15}");
        long postId = MESSAGE_IDS.incrementAndGet();
        String post = startAs("\"webhook_id\": \"5150\"", forum, "\"id\": \"" + postId + "\", \"name\": \"idea\"")
                .body()
                .get("id")
                .asString();

        JsonNode afterFirst = message(post, null, postId, false).body();
        assertThat(afterFirst.get("message_count").asInt()).isZero();
        assertThat(afterFirst.get("total_message_sent").asInt()).isZero();
        assertThat(afterFirst.get("last_message_id").asString()).isEqualTo(post);

        long reply = MESSAGE_IDS.incrementAndGet();
        assertThat(message(post, guild.owner(), reply, false)
                        .body()
                        .get("message_count")
                        .asInt())
                .isEqualTo(1);
        deleted(post, "[\"" + postId + "\"]");
        assertThat(thread(guild, post).get("message_count").asInt()).isEqualTo(1);
    }

    @Test
    void refusedWithoutTheInternalCredentialForNoSuchThreadAndWithoutIds() {
        Guild guild = newGuild();
        String id = thread(guild.owner(), guild.general(), "\"name\": \"t\", \"type\": 11");
        message(id, guild.owner(), MESSAGE_IDS.incrementAndGet(), false);

        Response anonymous = call(
                HttpMethod.POST, "/internal/threads/" + id + "/messages/deleted", null, "{\"message_ids\": [\"1\"]}");
        Response member = call(
                HttpMethod.POST,
                "/internal/threads/" + id + "/messages/deleted",
                userToken(guild.owner()),
                "{\"message_ids\": [\"1\"]}");
        Response unknown = deleted("1", "[\"1\"]");
        Response empty = deleted(id, "[]");
        Response tooMany = deleted(id, "[" + "\"1\", ".repeat(100) + "\"1\"]");

        assertThat(anonymous.status()).isEqualTo(401);
        assertThat(member.status())
                .as("a user's token is no internal credential")
                .isEqualTo(401);
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.body().get("code").asInt()).isEqualTo(10003);
        assertThat(empty.status()).isEqualTo(400);
        assertThat(empty.body().get("errors").has("message_ids")).isTrue();
        assertThat(tooMany.body().get("errors").has("message_ids")).isTrue();
        assertThat(thread(guild, id).get("message_count").asInt())
                .as("nothing refused changed it")
                .isEqualTo(1);
    }

    private Response deleted(String threadId, String ids) {
        return call(
                HttpMethod.POST,
                "/internal/threads/" + threadId + "/messages/deleted",
                INTERNAL,
                "{\"message_ids\": " + ids + "}");
    }

    private JsonNode thread(Guild guild, String id) {
        return call(HttpMethod.GET, "/channels/" + id, userToken(guild.owner()), null)
                .body();
    }
}
