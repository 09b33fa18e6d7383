package dev.concord.platform.test;

import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.json.Json;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * webhook-service's {@code POST /internal/channels/{id}/webhooks} on loopback: an incoming webhook of the
 * application in any channel a test has not refused ({@link #refuse}), with a token and URL; 401 without
 * the internal secret. The bodies it was sent are kept ({@link #requests}). Also its auto moderation
 * routes for guild-service ({@code /internal/guilds/{id}/auto-moderation/**}): 204, or the error a test
 * chose for the guild ({@link #refuseAutoModeration}); each call kept ({@link #autoModerationCalls}).
 */
public final class WebhookServiceFake implements AutoCloseable {

    /** A request the fake answered: the channel of its path and its body. */
    public record Request(String channelId, JsonNode body) {}

    /** An auto moderation call: its method, the guild and last segment of its path, its body (null for none). */
    public record AutoModerationCall(
            String method,
            String guildId,
            String action,
            @Nullable JsonNode body) {}

    private static volatile @Nullable WebhookServiceFake shared;

    private final AtomicLong ids = new AtomicLong(900_000_000_000_000L);
    private final Map<String, String> refusals = new ConcurrentHashMap<>();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final List<AutoModerationCall> autoModerationCalls = new CopyOnWriteArrayList<>();
    private final Map<String, Refusal> autoModerationRefusals = new ConcurrentHashMap<>();

    private record Refusal(int status, String body) {}

    private final DisposableServer server;

    private WebhookServiceFake() {
        String expected = InternalCredential.header(TestTokenKeys.internalSecret());
        server = HttpServer.create()
                .host("127.0.0.1")
                .port(0)
                .route(routes -> routes.post("/internal/channels/{channel}/webhooks", (request, response) -> {
                            if (!expected.equals(request.requestHeaders().get("Authorization"))) {
                                return response.status(401).send();
                            }
                            String channel = Objects.requireNonNull(request.param("channel"));
                            return request.receive().aggregate().asString().flatMap(text -> {
                                JsonNode body = Json.mapper().readTree(text);
                                requests.add(new Request(channel, body));
                                String refusal = refusals.get(channel);
                                if (refusal != null) {
                                    return FakeAnswers.json(response, 403, refusal);
                                }
                                return FakeAnswers.json(
                                        response, 200, webhook(channel, body).toString());
                            });
                        })
                        .post(
                                "/internal/guilds/{guild}/auto-moderation/{action}",
                                (request, response) -> autoModeration(expected, request, response))
                        .delete(
                                "/internal/guilds/{guild}/auto-moderation/{action}",
                                (request, response) -> autoModeration(expected, request, response)))
                .bindNow();
    }

    private Mono<Void> autoModeration(String expected, HttpServerRequest request, HttpServerResponse response) {
        if (!expected.equals(request.requestHeaders().get("Authorization"))) {
            return response.status(401).send().then();
        }
        String guild = Objects.requireNonNull(request.param("guild"));
        String action = Objects.requireNonNull(request.param("action"));
        return request.receive().aggregate().asString().defaultIfEmpty("").flatMap(text -> {
            JsonNode body = text.isEmpty() ? null : Json.mapper().readTree(text);
            autoModerationCalls.add(new AutoModerationCall(request.method().name(), guild, action, body));
            Refusal refusal = autoModerationRefusals.get(guild);
            return refusal == null
                    ? response.status(204).send().then()
                    : FakeAnswers.json(response, refusal.status(), refusal.body());
        });
    }

    /** The one guild-service's test contexts ask; started on first use. */
    public static WebhookServiceFake shared() {
        WebhookServiceFake current = shared;
        if (current == null) {
            synchronized (WebhookServiceFake.class) {
                current = shared;
                if (current == null) {
                    current = start();
                    shared = current;
                }
            }
        }
        return current;
    }

    /** Every auto moderation call about the guild answers {@code status} with the platform's error body. */
    public void refuseAutoModeration(long guildId, int status, int code, String message) {
        autoModerationRefusals.put(
                Long.toString(guildId),
                new Refusal(status, "{\"message\": \"" + message + "\", \"code\": " + code + "}"));
    }

    /** The auto moderation calls about the guild, in the order they came. */
    public List<AutoModerationCall> autoModerationCalls(String guildId) {
        return autoModerationCalls.stream()
                .filter(call -> call.guildId().equals(guildId))
                .toList();
    }

    public static WebhookServiceFake start() {
        return new WebhookServiceFake();
    }

    public String url() {
        return "http://127.0.0.1:" + server.port();
    }

    /** The channel refuses the person with 403 and this platform error code (50013: no MANAGE_WEBHOOKS). */
    public void refuse(long channelId, int code) {
        refusals.put(Long.toString(channelId), "{\"message\": \"Missing Permissions\", \"code\": " + code + "}");
    }

    public List<Request> requests() {
        return List.copyOf(requests);
    }

    private ObjectNode webhook(String channel, JsonNode body) {
        String id = Long.toString(ids.incrementAndGet());
        String token = "fake-token-" + id;
        ObjectNode webhook = Json.mapper().createObjectNode();
        webhook.put("id", id);
        webhook.put("type", 1);
        webhook.put("guild_id", "1");
        webhook.put("channel_id", channel);
        webhook.put("name", body.path("name").asString());
        webhook.putNull("avatar");
        webhook.put("token", token);
        webhook.put("application_id", body.path("application_id").asString());
        webhook.put("url", url() + "/api/webhooks/" + id + "/" + token);
        return webhook;
    }

    @Override
    public void close() {
        server.disposeNow();
    }
}
