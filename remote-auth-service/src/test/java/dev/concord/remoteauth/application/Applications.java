package dev.concord.remoteauth.application;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.remoteauth.support.Api;
import dev.concord.remoteauth.support.Api.Response;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** Applications made through the API for the tests, and the shape of their refusals. */
final class Applications {

    private final Api api;

    Applications(Api api) {
        this.api = api;
    }

    JsonNode create(String ownerToken, String name) {
        Response created = api.post("/applications", ownerToken, Map.of("name", name));
        assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
        return created.body();
    }

    /** Its bot's first token. */
    String addBot(String ownerToken, String applicationId) {
        Response bot = api.post("/applications/" + applicationId + "/bot", ownerToken, Map.of());
        assertThat(bot.status()).as("%s", bot.body()).isEqualTo(200);
        return "Bot " + bot.body().path("token").asString();
    }

    /** The first error code at {@code path} (field names and list indexes) of a 50035. */
    static String errorAt(Response response, String... path) {
        assertThat(response.status()).as("%s", response.body()).isEqualTo(400);
        assertThat(response.body().path("code").asInt()).isEqualTo(50035);
        JsonNode node = response.body().path("errors");
        for (String step : path) {
            node = node.path(step);
        }
        return node.path("_errors").path(0).path("code").asString(null);
    }
}
