package dev.concord.platform.guilds;

import dev.concord.platform.json.Json;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * guild-service's internal API (docs/internal-api.md) over guilds held in memory, on a real HTTP server
 * on a free local port. Records every request it is sent.
 */
final class FakeGuildService implements AutoCloseable {

    static final String SECRET = "s3cret";

    /** A guild: its members' permissions, and one channel that narrows them to {@code channelMask}. */
    static final class Guild {
        final long id;
        final long ownerId;
        final long channelId;
        volatile long channelMask;
        final NavigableMap<Long, Long> members = new ConcurrentSkipListMap<>();

        Guild(long id, long ownerId, long channelId, long channelMask) {
            this.id = id;
            this.ownerId = ownerId;
            this.channelId = channelId;
            this.channelMask = channelMask;
        }
    }

    record Request(String method, String path, Map<String, List<String>> query, String authorization, JsonNode body) {

        List<String> userIds() {
            return body.path("user_ids").valueStream().map(JsonNode::asString).toList();
        }
    }

    final Map<Long, Guild> guilds = new ConcurrentHashMap<>();
    final List<Request> requests = new CopyOnWriteArrayList<>();
    /** The next this many requests fail with a 500. */
    final AtomicInteger failNext = new AtomicInteger();

    volatile Duration delay = Duration.ZERO;
    private final DisposableServer server;

    FakeGuildService() {
        server = HttpServer.create()
                .host("127.0.0.1")
                .port(0)
                .route(routes -> routes.post("/internal/guilds/{guildId}/permissions", this::permissions)
                        .get("/internal/guilds/{guildId}/members", this::members))
                .bindNow();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.port();
    }

    Guild add(long guildId, long ownerId, long channelId, long channelMask) {
        Guild guild = new Guild(guildId, ownerId, channelId, channelMask);
        guilds.put(guildId, guild);
        return guild;
    }

    int requestCount() {
        return requests.size();
    }

    List<Request> requestsTo(String pathPart) {
        return requests.stream()
                .filter(request -> request.path().contains(pathPart))
                .toList();
    }

    private Publisher<Void> permissions(HttpServerRequest request, HttpServerResponse response) {
        return request.receive().aggregate().asString().defaultIfEmpty("{}").flatMap(text -> {
            JsonNode body = Json.mapper().readTree(text);
            Mono<Void> answer = answer(request, response, body, () -> {
                Guild guild = guilds.get(Long.parseLong(request.param("guildId")));
                if (guild == null) {
                    return error(response, 404, 10004, "Unknown Guild");
                }
                long mask = -1;
                if (body.has("channel_id")) {
                    if (Long.parseLong(body.get("channel_id").asString()) != guild.channelId) {
                        return error(response, 404, 10003, "Unknown Channel");
                    }
                    mask = guild.channelMask;
                } else if (body.has("overwrites")) {
                    for (JsonNode overwrite : body.get("overwrites")) {
                        mask &= ~Long.parseLong(overwrite.path("deny").asString("0"));
                    }
                }
                ObjectNode permissions = Json.mapper().createObjectNode();
                for (JsonNode userId : body.path("user_ids")) {
                    Long granted = guild.members.get(Long.parseLong(userId.asString()));
                    if (granted != null) {
                        permissions.put(userId.asString(), Long.toString(granted & mask));
                    }
                }
                ObjectNode answerBody = Json.mapper()
                        .createObjectNode()
                        .put("guild_id", Long.toString(guild.id))
                        .put("owner_id", Long.toString(guild.ownerId));
                answerBody.set("permissions", permissions);
                return json(response, 200, answerBody.toString());
            });
            return answer;
        });
    }

    private Publisher<Void> members(HttpServerRequest request, HttpServerResponse response) {
        return answer(request, response, null, () -> {
            Guild guild = guilds.get(Long.parseLong(request.param("guildId")));
            if (guild == null) {
                return error(response, 404, 10004, "Unknown Guild");
            }
            Map<String, List<String>> query = new QueryStringDecoder(request.uri()).parameters();
            long after =
                    Long.parseLong(query.getOrDefault("after", List.of("0")).get(0));
            int limit = Integer.parseInt(
                    query.getOrDefault("limit", List.of("1000")).get(0));
            List<String> page = guild.members.tailMap(after, false).keySet().stream()
                    .limit(limit)
                    .map(String::valueOf)
                    .toList();
            ObjectNode answerBody = Json.mapper().createObjectNode();
            page.forEach(answerBody.putArray("user_ids")::add);
            return json(response, 200, answerBody.toString());
        });
    }

    /** Records the request, then answers: 401 without the secret, 500 when told to fail, else the route's answer. */
    private Mono<Void> answer(
            HttpServerRequest request,
            HttpServerResponse response,
            JsonNode body,
            java.util.function.Supplier<Mono<Void>> route) {
        String authorization = request.requestHeaders().get("Authorization");
        QueryStringDecoder uri = new QueryStringDecoder(request.uri());
        requests.add(new Request(request.method().name(), uri.path(), uri.parameters(), authorization, body));
        return Mono.delay(delay).then(Mono.defer(() -> {
            if (!("Internal " + SECRET).equals(authorization)) {
                return error(response, 401, 0, "401: Unauthorized");
            }
            if (failNext.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                return error(response, 500, 0, "500: Internal Server Error");
            }
            return route.get();
        }));
    }

    private static Mono<Void> error(HttpServerResponse response, int status, int code, String message) {
        ObjectNode body =
                Json.mapper().createObjectNode().put("message", message).put("code", code);
        return json(response, status, body.toString());
    }

    private static Mono<Void> json(HttpServerResponse response, int status, String body) {
        return response.status(HttpResponseStatus.valueOf(status))
                .header("Content-Type", "application/json")
                .sendString(Mono.just(body))
                .then();
    }

    @Override
    public void close() {
        server.disposeNow();
    }
}
