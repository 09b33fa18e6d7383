package dev.concord.e2e.bots;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Makes what a bot client needs as people make it, through the edge's public API: a developer's
 * application with its bot (the limited privileged intents switched on, as a developer does in the
 * portal), a person's new guild, and the person's consent adding the bot there with its permissions.
 */
final class BotSetup {

    static final String GUILD_NAME = "Bots welcome";
    /** VIEW_CHANNEL, SEND_MESSAGES and READ_MESSAGE_HISTORY. */
    static final long PERMISSIONS = (1L << 10) | (1L << 11) | (1L << 16);
    /** GATEWAY_GUILD_MEMBERS_LIMITED and GATEWAY_MESSAGE_CONTENT_LIMITED. */
    static final long INTENT_FLAGS = (1L << 15) | (1L << 19);

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final String edge;
    private final HttpClient http = HttpClient.newHttpClient();

    BotSetup(String edgeUrl) {
        this.edge = edgeUrl;
    }

    /** A bot added to its own new guild, with what the test checks it against. */
    record Added(BotScenario scenario, String applicationId, String roleId, BotSetup setup) {

        /** The person's message mentioning the bot; its id. */
        String personSays() {
            return setup.call(
                            "POST",
                            "/channels/" + scenario.channelId() + "/messages",
                            scenario.personToken(),
                            Map.of("content", "hi <@" + scenario.botId() + ">"))
                    .path("id")
                    .asString();
        }
    }

    Added addBot(String name) {
        return addBot(name, PERMISSIONS);
    }

    /** A bot whose role holds {@code permissions}. */
    Added addBot(String name, long permissions) {
        String developer = newUser();
        String applicationId = call("POST", "/applications", developer, Map.of("name", name))
                .path("id")
                .asString();
        call("PATCH", "/applications/" + applicationId, developer, Map.of("flags", INTENT_FLAGS));
        String botToken = call("POST", "/applications/" + applicationId + "/bot", developer, Map.of())
                .path("token")
                .asString();
        String botId = call("GET", "/applications/" + applicationId, developer, null)
                .path("bot")
                .path("id")
                .asString();

        String person = newUser();
        String guildId = call("POST", "/guilds", person, Map.of("name", GUILD_NAME))
                .path("id")
                .asString();
        String channelId = call("GET", "/guilds/" + guildId + "/channels", person, null)
                .valueStream()
                .filter(channel -> channel.path("type").asInt() == 0)
                .findFirst()
                .orElseThrow()
                .path("id")
                .asString();
        call(
                "POST",
                "/oauth2/authorize?client_id=" + applicationId + "&scope="
                        + URLEncoder.encode("bot applications.commands", StandardCharsets.UTF_8),
                person,
                Map.of("authorize", true, "guild_id", guildId, "permissions", Long.toString(permissions)));
        String roleId = call("GET", "/guilds/" + guildId + "/members/" + botId, person, null)
                .path("roles")
                .path(0)
                .asString();
        String gatewayUrl =
                call("GET", "/gateway/bot", "Bot " + botToken, null).path("url").asString();
        return new Added(
                new BotScenario(edge + "/api/v10", gatewayUrl + "/", botToken, botId, guildId, channelId, person),
                applicationId,
                roleId,
                this);
    }

    /** The ids of the channel's messages, newest first, as the person reads them. */
    List<String> messageIds(Added bot) {
        return call(
                        "GET",
                        "/channels/" + bot.scenario().channelId() + "/messages",
                        bot.scenario().personToken(),
                        null)
                .valueStream()
                .map(message -> message.path("id").asString())
                .toList();
    }

    /** A new account's token. */
    private String newUser() {
        String username =
                "bots_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        String password = "correct-horse-battery";
        call("POST", "/auth/register", null, Map.of("username", username, "password", password));
        return call("POST", "/auth/login", null, Map.of("login", username, "password", password))
                .path("token")
                .asString();
    }

    JsonNode call(String method, String path, @Nullable String authorization, @Nullable Object body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(edge + "/api/v10" + path))
                .timeout(TIMEOUT)
                .method(
                        method,
                        body == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() >= 300) {
                throw new AssertionError(method + " " + path + ": " + response.statusCode() + " " + response.body());
            }
            return JSON.readTree(response.body().isEmpty() ? "null" : response.body());
        } catch (IOException e) {
            throw new AssertionError(method + " " + path, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(method + " " + path, e);
        }
    }
}
