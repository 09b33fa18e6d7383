package dev.concord.webhook.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.auth.AuthSettings;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.hostile.HostileInputSuite;
import dev.concord.platform.test.hostile.StoredState;
import dev.concord.platform.web.RouteCatalog;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.json.JsonMapper;

/** Every webhook-service route, as its route catalog lists them, called with hostile input (see {@link HostileInputSuite}). */
class HostileInputIT extends MessageApiSupport {

    @Autowired
    RouteCatalog routes;

    @Autowired
    JsonMapper mapper;

    @Autowired
    AuthSettings auth;

    @Test
    void everyRouteRefusesHostileInputCleanly() {
        Place place = newPlace();
        Snowflake stranger = newUser("stranger");
        Response sent = send(place.owner(), place.channel(), "{\"content\": \"hostile\"}");
        assertThat(sent.status()).as("%s", sent.body()).isEqualTo(200);
        String message = sent.body().get("id").asString();

        HostileInputSuite.of("webhook-service", routes, port, mapper)
                .callers(tokens, place.owner(), stranger)
                .publicPaths(auth.publicPaths())
                .pathValue("channel_id", place.channel().asString())
                .pathValue("message_id", message)
                .pathValue("attachment_id", message)
                .pathValue("filename", "file.txt")
                .publicRoute(
                        "GET /attachments/{channel_id}/{attachment_id}/{filename}",
                        "attachments are served to anyone holding their URL, as the platform's CDN serves them")
                .validBody("POST /channels/{channel_id}/messages", "{\"content\": \"hostile\"}")
                .validBody(
                        "POST /channels/{channel_id}/messages/bulk-delete",
                        "{\"messages\": [\"" + message + "\", \"" + message + "\"]}")
                .storedState(StoredState.of(db))
                .run()
                .assertNoFailures();
    }
}
