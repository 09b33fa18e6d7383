package dev.concord.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.localstack.RunningStack;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * Threads through the whole stack: a webhook's forum post and a member's reply in it reach the members who
 * can see the forum; a private thread and its messages reach its members only. That a user did not get an
 * event is shown by a later event of the same guild (same partition, delivered in order) arriving first.
 */
@ExtendWith(LocalStackExtension.class)
class ThreadsIT {

    private static final Duration DISPATCH_TIMEOUT = Duration.ofSeconds(30);

    private static RunningStack stack;
    private static ApiClient api;

    @BeforeAll
    static void stack(RunningStack running) {
        stack = running;
        api = new ApiClient(stack.edgeUrl());
    }

    @Test
    void threadsAndTheirMessagesReachThoseWhoMaySeeThem() throws Exception {
        ApiClient.Login owner = api.newUser();
        ApiClient.Login member = api.newUser();
        try (GatewaySession a = GatewaySession.identify(stack.gatewayUrl(), owner.token());
                GatewaySession b = GatewaySession.identify(stack.gatewayUrl(), member.token())) {
            String guildId =
                    api.createGuild(owner.token(), "Threads").path("id").asString();
            String general = general(api.channels(owner.token(), guildId));
            api.acceptInvite(member.token(), api.createInvite(owner.token(), general));
            expect(b, "GUILD_CREATE");
            String forum = api.createChannel(owner.token(), guildId, Map.of("name", "help", "type", 15))
                    .path("id")
                    .asString();
            JsonNode webhook = api.expect(
                    HttpMethod.POST,
                    "/api/v10/channels/" + forum + "/webhooks",
                    owner.token(),
                    Map.of("name", "Bot"),
                    200);

            JsonNode post = api.expect(
                    HttpMethod.POST,
                    "/api/v10/webhooks/" + webhook.path("id").asString() + "/"
                            + webhook.path("token").asString() + "?wait=true",
                    null,
                    Map.of("content", "first!", "thread_name", "A question"),
                    200);
            String postId = post.path("id").asString();
            assertThat(post.path("channel_id").asString()).isEqualTo(postId);
            // The thread (guild.events) and its first message (webhook.events) come by two topics, in either order.
            Map<String, JsonNode> posted = collect(b, "THREAD_CREATE:" + postId, "MESSAGE_CREATE:" + postId);
            assertThat(posted.get("THREAD_CREATE:" + postId)
                            .path("d")
                            .path("parent_id")
                            .asString())
                    .isEqualTo(forum);
            assertThat(posted.get("MESSAGE_CREATE:" + postId)
                            .path("d")
                            .path("channel_id")
                            .asString())
                    .isEqualTo(postId);

            JsonNode reply = api.expect(
                    HttpMethod.POST,
                    "/api/v10/channels/" + postId + "/messages",
                    member.token(),
                    Map.of("content", "an answer"),
                    200);
            JsonNode replied = collect(a, "MESSAGE_CREATE:" + reply.path("id").asString())
                    .values()
                    .iterator()
                    .next();
            assertThat(replied.path("d").path("channel_id").asString()).isEqualTo(postId);
            JsonNode joined = collect(b, "THREAD_MEMBER_UPDATE:" + postId)
                    .values()
                    .iterator()
                    .next();
            assertThat(joined.path("d").path("user_id").asString()).isEqualTo(member.userId());

            JsonNode secret = api.expect(
                    HttpMethod.POST,
                    "/api/v10/channels/" + general + "/threads",
                    owner.token(),
                    Map.of("name", "staff only", "type", 12),
                    201);
            String secretId = secret.path("id").asString();
            collect(a, "THREAD_CREATE:" + secretId);
            String hidden = api.expect(
                            HttpMethod.POST,
                            "/api/v10/channels/" + secretId + "/messages",
                            owner.token(),
                            Map.of("content", "between us"),
                            200)
                    .path("id")
                    .asString();
            collect(a, "MESSAGE_CREATE:" + hidden);
            assertThat(api.expect(HttpMethod.GET, "/api/v10/channels/" + secretId, member.token(), null, 403)
                            .path("code")
                            .asInt())
                    .isEqualTo(50001);
            String after = api.expect(
                            HttpMethod.POST,
                            "/api/v10/channels/" + general + "/messages",
                            owner.token(),
                            Map.of("content", "in the open"),
                            200)
                    .path("id")
                    .asString();

            // Sent after the private thread's events were delivered to A: by the time B has it, B would have had them.
            List<JsonNode> seen = new ArrayList<>();
            collect(b, seen, "MESSAGE_CREATE:" + after);
            assertThat(seen)
                    .as("nothing of the private thread reached B")
                    .noneMatch(event -> event.path("d").path("id").asString().equals(secretId)
                            || event.path("d").path("id").asString().equals(hidden));
        }
    }

    private static String general(JsonNode channels) {
        for (JsonNode channel : channels) {
            if (channel.path("type").asInt() == 0) {
                return channel.path("id").asString();
            }
        }
        throw new AssertionError("no text channel in " + channels);
    }

    private static JsonNode expect(GatewaySession session, String type) throws InterruptedException {
        JsonNode dispatch = session.next(type, DISPATCH_TIMEOUT);
        assertThat(dispatch)
                .as("%s within %s; socket %s", type, DISPATCH_TIMEOUT, session.state())
                .isNotNull();
        return dispatch;
    }

    /** The dispatches named {@code TYPE:id} (the id of their data), in whatever order they come. */
    private static Map<String, JsonNode> collect(GatewaySession session, String... keys) throws InterruptedException {
        return collect(session, new ArrayList<>(), keys);
    }

    /** As above, every dispatch read on the way added to {@code seen}. */
    private static Map<String, JsonNode> collect(GatewaySession session, List<JsonNode> seen, String... keys)
            throws InterruptedException {
        Set<String> wanted = new HashSet<>(List.of(keys));
        Map<String, JsonNode> found = new HashMap<>();
        long deadline = System.nanoTime() + DISPATCH_TIMEOUT.toNanos();
        while (!wanted.isEmpty() && System.nanoTime() < deadline) {
            JsonNode dispatch = session.next(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            if (dispatch == null) {
                break;
            }
            seen.add(dispatch);
            String key = dispatch.path("t").asString() + ":"
                    + dispatch.path("d").path("id").asString();
            if (wanted.remove(key)) {
                found.put(key, dispatch);
            }
        }
        assertThat(wanted)
                .as("dispatches not received within %s; socket %s", DISPATCH_TIMEOUT, session.state())
                .isEmpty();
        return found;
    }
}
