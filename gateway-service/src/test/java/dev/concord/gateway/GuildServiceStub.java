package dev.concord.gateway;

import dev.concord.platform.json.Json;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.TestTokenKeys;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * guild-service's internal API (docs/internal-api.md) over guilds held in memory, on a real HTTP server on
 * a free local port: member pages, permissions guild-wide, in a channel or for described overwrites, and
 * a user's guilds. Channel permissions are given per member; the overwrites form applies @everyone's, then
 * the member's own. Records every request.
 */
public final class GuildServiceStub implements AutoCloseable {

    /** A guild: its members' guild-wide permissions and, per channel, theirs in it (absent: cannot view). */
    public static final class Guild {
        final long id;
        final long ownerId;
        final NavigableMap<Long, Long> members = new ConcurrentSkipListMap<>();
        final Map<Long, Map<Long, Long>> channels = new ConcurrentHashMap<>();

        Guild(long id, long ownerId) {
            this.id = id;
            this.ownerId = ownerId;
            members.put(ownerId, Permission.ALL);
        }

        public Guild member(long userId, long permissions) {
            members.put(userId, permissions);
            return this;
        }

        /** A channel; members not named cannot view it. The owner sees everything. */
        public Guild channel(long channelId, Map<Long, Long> permissions) {
            channels.put(channelId, Map.copyOf(permissions));
            return this;
        }
    }

    public record Request(String method, String path, JsonNode body) {

        public List<String> userIds() {
            return body == null
                    ? List.of()
                    : body.path("user_ids")
                            .valueStream()
                            .map(JsonNode::asString)
                            .toList();
        }
    }

    private final Map<Long, Guild> guilds = new ConcurrentHashMap<>();
    private final Map<Long, ArrayNode> guildsOf = new ConcurrentHashMap<>();
    private final Set<Long> failingUsers = ConcurrentHashMap.newKeySet();
    private final Set<Long> hangingUsers = ConcurrentHashMap.newKeySet();
    private final Set<Long> brokenGuilds = ConcurrentHashMap.newKeySet();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    /** The next this many guild requests (members, permissions) fail with a 500. */
    public final AtomicInteger failNext = new AtomicInteger();

    private final DisposableServer server;

    private GuildServiceStub() {
        server = HttpServer.create()
                .host("127.0.0.1")
                .port(0)
                .route(routes -> routes.post("/internal/guilds/{guildId}/permissions", this::permissions)
                        .get("/internal/guilds/{guildId}/members", this::members)
                        .get("/internal/users/{userId}/guilds", this::guildsOf))
                .bindNow();
    }

    public static GuildServiceStub start() {
        return new GuildServiceStub();
    }

    public String url() {
        return "http://127.0.0.1:" + server.port();
    }

    /** A new guild whose owner is a member holding every permission. */
    public Guild guild(long id, long ownerId) {
        Guild guild = new Guild(id, ownerId);
        guilds.put(id, guild);
        return guild;
    }

    /** What {@code GET /internal/users/{userId}/guilds} answers: these guilds, in this order. */
    public void guildsOf(long userId, JsonNode... theirs) {
        ArrayNode array = Json.mapper().createArrayNode();
        for (JsonNode guild : theirs) {
            array.add(guild);
        }
        guildsOf.put(userId, array);
    }

    /** The user's guilds are answered with a 503. */
    public void failGuildsOf(long userId) {
        failingUsers.add(userId);
    }

    /** The user's guilds are never answered. */
    public void hangGuildsOf(long userId) {
        hangingUsers.add(userId);
    }

    /** Every request about the guild fails with a 500, as long as guild-service is broken. */
    public void breakGuild(long guildId) {
        brokenGuilds.add(guildId);
    }

    /** The requests about a guild, in order. */
    public List<Request> requestsAbout(long guildId) {
        String prefix = "/internal/guilds/" + guildId + "/";
        return requests.stream()
                .filter(request -> request.path().startsWith(prefix))
                .toList();
    }

    private Publisher<Void> permissions(HttpServerRequest request, HttpServerResponse response) {
        return request.receive().aggregate().asString().defaultIfEmpty("{}").flatMap(text -> {
            JsonNode body = Json.mapper().readTree(text);
            return answer(request, response, body, () -> {
                Guild guild = guilds.get(Long.parseLong(request.param("guildId")));
                if (guild == null) {
                    return error(response, 404, 10004, "Unknown Guild");
                }
                Map<Long, Long> inChannel = null;
                if (body.has("channel_id")) {
                    inChannel = guild.channels.get(
                            Long.parseLong(body.get("channel_id").asString()));
                    if (inChannel == null) {
                        return error(response, 404, 10003, "Unknown Channel");
                    }
                }
                ObjectNode permissions = Json.mapper().createObjectNode();
                for (JsonNode id : body.path("user_ids")) {
                    long userId = Long.parseLong(id.asString());
                    Long base = guild.members.get(userId);
                    if (base == null) {
                        continue;
                    }
                    long granted = userId == guild.ownerId
                            ? Permission.ALL
                            : inChannel != null
                                    ? inChannel.getOrDefault(userId, 0L)
                                    : body.has("overwrites")
                                            ? overwritten(guild.id, userId, base, body.get("overwrites"))
                                            : base;
                    permissions.put(id.asString(), Long.toString(granted));
                }
                ObjectNode answer = Json.mapper()
                        .createObjectNode()
                        .put("guild_id", Long.toString(guild.id))
                        .put("owner_id", Long.toString(guild.ownerId));
                answer.set("permissions", permissions);
                return json(response, 200, answer.toString());
            });
        });
    }

    /** @everyone's overwrite, then the member's own; 0 for a member left unable to view the channel. */
    private static long overwritten(long guildId, long userId, long base, JsonNode overwrites) {
        long granted = base;
        for (long target : new long[] {guildId, userId}) {
            for (JsonNode overwrite : overwrites) {
                if (Long.parseLong(overwrite.path("id").asString()) == target) {
                    granted &= ~Long.parseLong(overwrite.path("deny").asString("0"));
                    granted |= Long.parseLong(overwrite.path("allow").asString("0"));
                }
            }
        }
        return (granted & Permission.VIEW_CHANNEL.bit()) == 0 ? 0 : granted;
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
            ObjectNode answer = Json.mapper().createObjectNode();
            ArrayNode ids = answer.putArray("user_ids");
            guild.members.tailMap(after, false).keySet().stream()
                    .limit(limit)
                    .forEach(id -> ids.add(Long.toString(id)));
            return json(response, 200, answer.toString());
        });
    }

    private Publisher<Void> guildsOf(HttpServerRequest request, HttpServerResponse response) {
        return answer(request, response, null, () -> {
            long userId = Long.parseLong(request.param("userId"));
            if (hangingUsers.contains(userId)) {
                return Mono.never();
            }
            if (failingUsers.contains(userId)) {
                return error(response, 503, 0, "503: Service Unavailable");
            }
            return json(
                    response,
                    200,
                    guildsOf.getOrDefault(userId, Json.mapper().createArrayNode())
                            .toString());
        });
    }

    /** Records the request, then answers: 401 without the secret, 500 when failing, else the route's answer. */
    private Mono<Void> answer(
            HttpServerRequest request, HttpServerResponse response, JsonNode body, Supplier<Mono<Void>> route) {
        String path = new QueryStringDecoder(request.uri()).path();
        requests.add(new Request(request.method().name(), path, body));
        if (!("Internal " + TestTokenKeys.internalSecret())
                .equals(request.requestHeaders().get("Authorization"))) {
            return error(response, 401, 0, "401: Unauthorized");
        }
        String guildId = path.startsWith("/internal/guilds/") ? request.param("guildId") : null;
        boolean broken = guildId != null && brokenGuilds.contains(Long.parseLong(guildId));
        if (broken || (guildId != null && failNext.getAndUpdate(n -> Math.max(0, n - 1)) > 0)) {
            return error(response, 500, 0, "500: Internal Server Error");
        }
        return route.get();
    }

    private static Mono<Void> error(HttpServerResponse response, int status, int code, String message) {
        return json(
                response,
                status,
                Json.mapper()
                        .createObjectNode()
                        .put("message", message)
                        .put("code", code)
                        .toString());
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
