package dev.concord.social;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.ServiceApiTest;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * social-service through HTTP, with the events it publishes on {@code social.events} tailed. Each test
 * works on users of its own ({@link #newUser}), so tests share one service and never see each other's
 * rows or events.
 */
public abstract class SocialApiSupport extends ServiceApiTest {

    /** What an endpoint only a person's own session may call answers anyone else. */
    protected static final Response UNAUTHORIZED =
            new Response(401, json("{\"message\": \"401: Unauthorized\", \"code\": 0}"));

    protected static final Response BOTS_NOT_ALLOWED =
            new Response(403, json("{\"message\": \"Bots cannot use this endpoint\", \"code\": 20001}"));
    protected static final Response MISSING_ACCESS =
            new Response(403, json("{\"message\": \"Missing Access\", \"code\": 50001}"));

    private static final AtomicLong USERS = new AtomicLong(175928847299117063L);

    protected SocialApiSupport() {
        super("social.events");
    }

    /** A user id no other test uses. Not in the user replica: see {@link #newKnownUser}. */
    protected static Snowflake newUser() {
        return Snowflake.of(USERS.incrementAndGet());
    }

    /** A new user the service knows (in its replica of identity.events), named {@code u<id>}. */
    protected Snowflake newKnownUser() {
        Snowflake id = newUser();
        knownUser(id, "u" + id.asString(), "0", false);
        return id;
    }

    /** {@code method path} refuses a missing token (401), {@code user}'s bot token (403 20001) and OAuth2 token (403 50001). */
    protected void assertOnlyAPersonsOwnSession(HttpMethod method, String path, Snowflake user, String body) {
        assertThat(call(method, path, null, body))
                .as("%s %s without a token", method, path)
                .isEqualTo(UNAUTHORIZED);
        assertThat(call(method, path, botToken(user), body))
                .as("%s %s as a bot", method, path)
                .isEqualTo(BOTS_NOT_ALLOWED);
        assertThat(call(method, path, oauthToken(user, "identify"), body))
                .as("%s %s with OAuth2", method, path)
                .isEqualTo(MISSING_ACCESS);
    }

    /** The first event of {@code type} addressed to {@code user} that {@code also} accepts. */
    protected JsonNode awaitEvent(String type, Snowflake user, Predicate<JsonNode> also) {
        return awaitEvent(e -> isEventFor(e, type, user) && also.test(e));
    }
}
