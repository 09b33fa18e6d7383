package dev.concord.remoteauth.application;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.test.TestTokenKeys;
import dev.concord.remoteauth.support.Accounts.Account;
import dev.concord.remoteauth.support.Api.Response;
import dev.concord.remoteauth.support.ApiTestSupport;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code POST /internal/applications/{id}/interactions}: an interaction reaches the application's endpoint
 * signed with its key and the endpoint's answer comes back; without an endpoint the answer names the bot.
 */
class InteractionDeliveryApiIT extends ApiTestSupport {

    static final String INTERNAL = "Internal " + TestTokenKeys.internalSecret();

    static Map<String, Object> interaction(String applicationId) {
        return Map.of(
                "id",
                "42",
                "application_id",
                applicationId,
                "type",
                3,
                "token",
                "aW50ZXJhY3Rpb246",
                "data",
                Map.of("custom_id", "approve"));
    }

    private Applications applications;

    @BeforeAll
    void helpers() {
        applications = new Applications(api);
    }

    @Test
    void signsTheInteractionForTheEndpointAndPassesItsAnswerBack() throws Exception {
        Account owner = accounts.register();
        JsonNode created = applications.create(owner.token(), "Interactive");
        String id = created.path("id").asString();
        try (InteractionsEndpointStub endpoint = new InteractionsEndpointStub(false)) {
            endpoint.trust(created.path("verify_key").asString());
            api.patch("/applications/" + id, owner.token(), Map.of("interactions_endpoint_url", endpoint.url()));
            endpoint.answerInteractions("{\"type\": 4, \"data\": {\"content\": \"Approved\"}}");

            Response delivered = api.post("/internal/applications/" + id + "/interactions", INTERNAL, interaction(id));

            assertThat(delivered.status()).as("%s", delivered.body()).isEqualTo(200);
            assertThat(delivered.body().at("/application/id").asString()).isEqualTo(id);
            assertThat(delivered.body().at("/application/name").asString()).isEqualTo("Interactive");
            assertThat(delivered.body().at("/endpoint/status").asInt()).isEqualTo(200);
            assertThat(delivered.body().at("/endpoint/response/data/content").asString())
                    .isEqualTo("Approved");
            assertThat(endpoint.lastInteraction()).contains("\"custom_id\":\"approve\"");
        }
    }

    @Test
    void withoutAnEndpointNamesTheBot() {
        Account owner = accounts.register();
        String id = applications.create(owner.token(), "Gateway Bot").path("id").asString();
        applications.addBot(owner.token(), id);
        String bot = api.get("/applications/" + id, owner.token())
                .body()
                .at("/bot/id")
                .asString();

        Response delivered = api.post("/internal/applications/" + id + "/interactions", INTERNAL, interaction(id));

        assertThat(delivered.status()).as("%s", delivered.body()).isEqualTo(200);
        assertThat(delivered.body().at("/application/bot_user_id").asString()).isEqualTo(bot);
        assertThat(delivered.body().get("endpoint").isNull()).isTrue();
    }

    @Test
    void anEndpointThatDoesNotAnswerIsStatusZero() throws Exception {
        Account owner = accounts.register();
        JsonNode created = applications.create(owner.token(), "Gone Away");
        String id = created.path("id").asString();
        String url;
        try (InteractionsEndpointStub endpoint = new InteractionsEndpointStub(false)) {
            endpoint.trust(created.path("verify_key").asString());
            url = endpoint.url();
            api.patch("/applications/" + id, owner.token(), Map.of("interactions_endpoint_url", url));
        }

        Response delivered = api.post("/internal/applications/" + id + "/interactions", INTERNAL, interaction(id));

        assertThat(delivered.status()).as("%s", delivered.body()).isEqualTo(200);
        assertThat(delivered.body().at("/endpoint/status").asInt()).isZero();
        assertThat(delivered.body().at("/endpoint/response").isNull()).isTrue();
    }

    @Test
    void unknownApplicationsAndStrangersAreRefused() {
        assertThat(api.post("/internal/applications/1/interactions", INTERNAL, interaction("1"))
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10002);
        assertThat(api.post("/internal/applications/1/interactions", "Internal wrong", interaction("1"))
                        .status())
                .isEqualTo(401);
        assertThat(api.post("/internal/applications/1/interactions", INTERNAL, "[1]")
                        .status())
                .isEqualTo(400);
    }
}
