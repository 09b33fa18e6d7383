package dev.concord.webhook.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.auth.AuthSettings;
import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.ApplicationServiceFake.EndpointAnswer;
import dev.concord.platform.test.TestTokenKeys;
import dev.concord.platform.test.hostile.HostileInputSuite;
import dev.concord.platform.test.hostile.StoredState;
import dev.concord.platform.web.RouteCatalog;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Every webhook-service route, as its route catalog lists them, called with hostile input (see {@link HostileInputSuite}). */
class HostileInputIT extends InteractionSupport {

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
        Response webhook = call(
                HttpMethod.POST,
                "/channels/" + place.channel() + "/webhooks",
                userToken(place.owner()),
                "{\"name\": \"hostile\"}");
        assertThat(webhook.status()).as("%s", webhook.body()).isEqualTo(200);
        String token = "the webhook's token authorizes these routes; no other credential is read";
        // An application whose endpoint answers at once: no interaction of the run is left to fail later,
        // which would change stored state while the suite watches it.
        Snowflake bot = bot(place);
        APPLICATIONS.applicationWithEndpoint(
                bot.value(), "Hostile", bot.value(), new EndpointAnswer(200, "{\"type\": 6}"));
        String withComponents = componentMessage(place, bot);
        interact(place.owner(), click(place, bot, withComponents, "approve", "1"));
        JsonNode interaction = APPLICATIONS.delivered().stream()
                .filter(delivered -> delivered.at("/message/id").asString().equals(withComponents))
                .findFirst()
                .orElseThrow();
        String interactionToken = "the interaction's token authorizes these routes; no other credential is read";
        String followUp = "POST " + InteractionRoutes.INTERACTION_WEBHOOK;
        String answer = InteractionRoutes.INTERACTION_WEBHOOK + "/messages/{message_id}";

        String automod = "POST " + InternalAutoModerationRoutes.BASE;
        HostileInputSuite.of("webhook-service", routes, port, mapper)
                .callers(tokens, place.owner(), stranger)
                .internalAuthorization(InternalCredential.header(TestTokenKeys.internalSecret()))
                .validBody(
                        "POST /internal/channels/{channel_id}/webhooks",
                        "{\"user_id\": \"" + place.owner() + "\", \"application_id\": \"" + bot
                                + "\", \"name\": \"hostile\"}")
                .validBody(
                        automod + "/alert-actions",
                        "{\"user_id\": \"" + place.owner() + "\", \"channel_id\": \"" + place.channel()
                                + "\", \"message_id\": \"" + message + "\", \"alert_action_type\": 4}")
                .validBody(
                        automod + "/false-alarms", "{\"alert_message_id\": \"" + message + "\", \"reason\": \"OTHER\"}")
                .validBody(
                        automod + "/incidents",
                        "{\"user_id\": \"" + place.owner() + "\", \"channel_id\": \"" + place.channel()
                                + "\", \"raid_type\": \"JOIN_RAID\", \"raid_datetime\": \"2026-01-01T00:00:00Z\"}")
                .publicPaths(auth.publicPaths())
                .pathValue("channel_id", place.channel().asString())
                .pathValue("message_id", message)
                .pathValue("attachment_id", message)
                .pathValue("filename", "file.txt")
                .pathValue("guild_id", place.guild().asString())
                .pathValue("webhook_id", webhook.body().get("id").asString())
                .pathValue("webhook_token", webhook.body().get("token").asString())
                .pathValue("interaction_id", interaction.get("id").asString())
                .pathValue("interaction_token", interaction.get("token").asString())
                .pathValue(
                        InteractionRoutes.TOKEN_VARIABLE,
                        interaction.get("token").asString())
                .pathValue("application_id", bot.asString())
                .pathValue("answer_id", "1")
                .pathValue("emoji", "%F0%9F%91%8D")
                .pathValue("user_id", place.owner().asString())
                .validBody("PUT /channels/{channel_id}/polls/{message_id}/answers/@me", "{\"answer_ids\": [1]}")
                .publicRoute("POST /interactions/{interaction_id}/{interaction_token}/callback", interactionToken)
                .publicRoute(followUp, interactionToken)
                .publicRoute("GET " + answer, interactionToken)
                .publicRoute("PATCH " + answer, interactionToken)
                .publicRoute("DELETE " + answer, interactionToken)
                .validBody("POST /interactions/{interaction_id}/{interaction_token}/callback", "{\"type\": 6}")
                .validBody(followUp, "{\"content\": \"hostile\"}")
                .validBody("PATCH " + answer, "{\"content\": \"edited\"}")
                .validBody("POST /interactions", click(place, bot, withComponents, "approve", "2"))
                .publicRoute("GET /webhooks/{webhook_id}/{webhook_token}", token)
                .publicRoute("PATCH /webhooks/{webhook_id}/{webhook_token}", token)
                .publicRoute("DELETE /webhooks/{webhook_id}/{webhook_token}", token)
                .publicRoute("POST /webhooks/{webhook_id}/{webhook_token}", token)
                .publicRoute("GET /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", token)
                .publicRoute("PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", token)
                .publicRoute("DELETE /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", token)
                .validBody("POST /channels/{channel_id}/webhooks", "{\"name\": \"hostile\"}")
                .validBody("PATCH /webhooks/{webhook_id}", "{\"name\": \"renamed\"}")
                .validBody("PATCH /webhooks/{webhook_id}/{webhook_token}", "{\"name\": \"renamed\"}")
                .validBody("POST /webhooks/{webhook_id}/{webhook_token}", "{\"content\": \"hostile\"}")
                .validBody(
                        "POST /webhooks/{webhook_id}/{webhook_token}/github",
                        "{\"action\": \"opened\", \"sender\": {\"id\": 1, \"login\": \"octocat\"}}")
                .validBody(
                        "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
                        "{\"content\": \"edited\"}")
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
