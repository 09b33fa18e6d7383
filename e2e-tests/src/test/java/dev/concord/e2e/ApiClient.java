package dev.concord.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.client.WebClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The REST side of a client, pointed at the edge. Bodies travel as text and are parsed here, so the
 * tests see exactly the JSON on the wire rather than what a codec made of it.
 */
final class ApiClient {

    static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final String NEW_USER_PASSWORD = "correct-horse-battery";

    private final WebClient web;

    ApiClient(String edgeUrl) {
        this.web = WebClient.builder().baseUrl(edgeUrl).build();
    }

    record Response(int status, JsonNode body) {}

    record Login(String userId, String token) {}

    /** Registers a new account and returns its first token. */
    String register(String username, String password) {
        Response response = send(
                HttpMethod.POST,
                "/auth/register",
                null,
                Map.of("username", username, "password", password, "global_name", username));
        assertThat(response.status())
                .as("register %s: %s", username, response.body())
                .isBetween(200, 201);
        return response.body().path("token").asString();
    }

    Login login(String username, String password) {
        Response response = send(HttpMethod.POST, "/auth/login", null, Map.of("login", username, "password", password));
        assertThat(response.status())
                .as("login %s: %s", username, response.body())
                .isEqualTo(200);
        return new Login(
                response.body().path("user_id").asString(),
                response.body().path("token").asString());
    }

    /** {@code GET /users/@me}: the user the token belongs to. */
    JsonNode me(String token) {
        return expect(HttpMethod.GET, "/api/v10/users/@me", token, null, 200);
    }

    JsonNode settings(String token) {
        Response response = send(HttpMethod.GET, "/api/v10/users/@me/settings", token, null);
        assertThat(response.status()).as("GET settings: %s", response.body()).isEqualTo(200);
        return response.body();
    }

    Response patchSettings(String token, Map<String, Object> changes) {
        return send(HttpMethod.PATCH, "/api/v10/users/@me/settings", token, changes);
    }

    /** Registers a fresh account (unique per run, so a kept database never clashes) and logs it in. */
    Login newUser() {
        String username = "e2e_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        register(username, NEW_USER_PASSWORD);
        return login(username, NEW_USER_PASSWORD);
    }

    /** {@code PUT /users/@me/relationships/{user.id}} with {@code body}. */
    Response putRelationship(String token, String userId, Map<String, Object> body) {
        return send(HttpMethod.PUT, "/api/v10/users/@me/relationships/" + userId, token, body);
    }

    /** {@code GET /users/@me/relationships}. */
    JsonNode relationships(String token) {
        return expect(HttpMethod.GET, "/api/v10/users/@me/relationships", token, null, 200);
    }

    /** {@code POST /guilds}: the new guild. */
    JsonNode createGuild(String token, String name) {
        return expect(HttpMethod.POST, "/api/v10/guilds", token, Map.of("name", name), 201);
    }

    /** {@code GET /guilds/{guild.id}/channels}. */
    JsonNode channels(String token, String guildId) {
        return expect(HttpMethod.GET, "/api/v10/guilds/" + guildId + "/channels", token, null, 200);
    }

    /** {@code POST /guilds/{guild.id}/channels} with {@code body}: the new channel. */
    JsonNode createChannel(String token, String guildId, Map<String, Object> body) {
        return expect(HttpMethod.POST, "/api/v10/guilds/" + guildId + "/channels", token, body, 201);
    }

    /** {@code POST /channels/{channel.id}/invites}: the new invite's code. */
    String createInvite(String token, String channelId) {
        return expect(HttpMethod.POST, "/api/v10/channels/" + channelId + "/invites", token, Map.of(), 200)
                .path("code")
                .asString();
    }

    /** {@code POST /invites/{code}}: joins the invite's guild. */
    JsonNode acceptInvite(String token, String code) {
        return expect(HttpMethod.POST, "/api/v10/invites/" + code, token, null, 200);
    }

    /** Any call under {@code /api/v10}, which must be answered {@code status}: the body. */
    JsonNode expect(HttpMethod method, String path, String token, Object body, int status) {
        Response response = send(method, path, token, body);
        assertThat(response.status())
                .as("%s %s: %s", method, path, response.body())
                .isEqualTo(status);
        return response.body();
    }

    Response send(HttpMethod method, String path, String token, Object body) {
        WebClient.RequestBodySpec request = web.method(method).uri(path).accept(MediaType.APPLICATION_JSON);
        if (token != null) {
            request.header("Authorization", token);
        }
        if (body != null) {
            request.contentType(MediaType.APPLICATION_JSON).bodyValue(JSON.writeValueAsString(body));
        }
        return request.exchangeToMono(answer -> answer.bodyToMono(String.class)
                        .defaultIfEmpty("null")
                        .map(text -> new Response(answer.statusCode().value(), JSON.readTree(text))))
                .block(TIMEOUT);
    }
}
