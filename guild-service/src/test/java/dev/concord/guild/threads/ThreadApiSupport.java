package dev.concord.guild.threads;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestTokenKeys;
import java.util.stream.StreamSupport;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** A guild with its #general, and threads started in it as webhook-service starts them. */
abstract class ThreadApiSupport extends GuildApiSupport {

    static final String INTERNAL = InternalCredential.header(TestTokenKeys.internalSecret());

    record Guild(String id, Snowflake owner, String general) {}

    Guild newGuild() {
        Snowflake owner = newUser("owner");
        String id =
                createGuild(owner, "{\"name\": \"Threads\"}").body().get("id").asString();
        JsonNode channels = get(owner, "/guilds/" + id + "/channels").body();
        String general = StreamSupport.stream(channels.spliterator(), false)
                .filter(c -> c.get("type").asInt() == 0)
                .findFirst()
                .orElseThrow()
                .get("id")
                .asString();
        return new Guild(id, owner, general);
    }

    String channel(Guild guild, String body) {
        return call(HttpMethod.POST, "/guilds/" + guild.id() + "/channels", userToken(guild.owner()), body)
                .body()
                .get("id")
                .asString();
    }

    /** {@code POST /internal/channels/{parent}/threads} with {@code fields} (JSON members) for a member. */
    Response start(Snowflake user, String parentId, String fields) {
        return startAs("\"user_id\": \"" + user.asString() + "\"", parentId, fields);
    }

    /** A thread the member starts: its id. */
    String thread(Snowflake user, String parentId, String fields) {
        return start(user, parentId, fields).body().get("id").asString();
    }

    Response startAs(String starter, String parentId, String fields) {
        String body = "{" + starter + (fields.isEmpty() ? "" : ", " + fields) + "}";
        return call(HttpMethod.POST, "/internal/channels/" + parentId + "/threads", INTERNAL, body);
    }

    Response patch(Snowflake user, String threadId, String body) {
        return call(HttpMethod.PATCH, "/channels/" + threadId, userToken(user), body);
    }

    /** {@code POST /internal/threads/{id}/messages}: webhook-service about to store a message there. */
    Response message(String threadId, Snowflake author, long messageId, boolean manageThreads) {
        String body = "{\"message_id\": \"" + messageId + "\""
                + (author == null ? "" : ", \"author_id\": \"" + author.asString() + "\"")
                + ", \"manage_threads\": " + manageThreads + "}";
        return call(HttpMethod.POST, "/internal/threads/" + threadId + "/messages", INTERNAL, body);
    }

    /** The member's permissions in a channel or thread, as other services ask for them. */
    long permissions(Guild guild, String channelId, Snowflake user) {
        String body = "{\"user_ids\": [\"" + user.asString() + "\"], \"channel_id\": \"" + channelId + "\"}";
        return Long.parseLong(call(HttpMethod.POST, "/internal/guilds/" + guild.id() + "/permissions", INTERNAL, body)
                .body()
                .path("permissions")
                .path(user.asString())
                .asString("-1"));
    }
}
