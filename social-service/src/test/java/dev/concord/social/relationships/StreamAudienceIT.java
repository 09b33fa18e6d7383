package dev.concord.social.relationships;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestTokenKeys;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Whom a user going live may notify: friends with stream notifications on who have not blocked them. */
class StreamAudienceIT extends RelationshipApiSupport {

    static final String INTERNAL = InternalCredential.header(TestTokenKeys.internalSecret());

    @Test
    void friendsWithStreamNotificationsOnAndNoBlock() {
        Snowflake streamer = newKnownUser();
        Snowflake keen = newKnownUser();
        Snowflake quiet = newKnownUser();
        Snowflake blocking = newKnownUser();
        Snowflake stranger = newKnownUser();
        befriend(streamer, keen);
        befriend(streamer, quiet);
        befriend(streamer, blocking);
        Response off = as(quiet, HttpMethod.PATCH, "/users/@me/settings", "{\"stream_notifications_enabled\": false}");
        assertThat(off.status()).as("%s", off.body()).isEqualTo(200);
        assertThat(put(blocking, streamer, "{\"type\": 2}").status()).isEqualTo(204);

        Response answer = call(HttpMethod.GET, "/internal/users/" + streamer + "/stream-audience", INTERNAL, null);

        assertThat(answer.status()).as("%s", answer.body()).isEqualTo(200);
        assertThat(answer.body().get("user_ids").valueStream().map(JsonNode::asString))
                .containsExactly(keen.asString());
        assertThat(call(HttpMethod.GET, "/internal/users/" + stranger + "/stream-audience", INTERNAL, null)
                        .body()
                        .get("user_ids"))
                .isEmpty();
        assertThat(call(HttpMethod.GET, "/internal/users/" + streamer + "/stream-audience", userToken(streamer), null)
                        .status())
                .isEqualTo(401);
        assertThat(call(HttpMethod.GET, "/internal/users/x/stream-audience", INTERNAL, null)
                        .status())
                .isEqualTo(400);
    }
}
