package dev.concord.platform.test;

import io.netty.handler.codec.http.QueryStringDecoder;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;

/**
 * remote-auth-service's {@code GET /internal/users?ids=...} and {@code ?username=...} (docs/internal-api.md) over users held in
 * memory, on a real HTTP server on a free local port: where a service's replica misses a user, it asks
 * this. Every {@link RealInfrastructure} context is pointed at {@link #shared()}, which knows every user
 * a test minted a token for ({@link TestTokens}) or put into a replica ({@code ServiceApiTest.knownUser}),
 * as on the platform, where only the owner of users signs their tokens. Records every request.
 */
public final class UserServiceFake implements AutoCloseable {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** A user as the owner answers one. */
    public record User(long id, String username, boolean bot) {}

    /** A request as received: its ids in the order sent, or the username it asks for. */
    public record Request(
            @Nullable String authorization,
            List<String> ids,
            @Nullable String username) {}

    private static volatile @Nullable UserServiceFake shared;

    private final String secret;
    private final Map<Long, User> users = new ConcurrentHashMap<>();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final DisposableServer server;

    private UserServiceFake(String secret) {
        this.secret = secret;
        server = HttpServer.create()
                .host("127.0.0.1")
                .port(0)
                .route(routes -> routes.get("/internal/users", this::users))
                .bindNow();
    }

    /** A fake of its own, taking the test JVM's internal secret, for tests that count its requests. */
    public static UserServiceFake start() {
        return new UserServiceFake(TestTokenKeys.internalSecret());
    }

    /** The one every {@link RealInfrastructure} context asks unless told otherwise; started on first use. */
    public static UserServiceFake shared() {
        UserServiceFake fake = shared;
        if (fake == null) {
            synchronized (UserServiceFake.class) {
                fake = shared;
                if (fake == null) {
                    fake = start();
                    shared = fake;
                }
            }
        }
        return fake;
    }

    /** Its base URL, for {@code concord.users.base-url}. */
    public String url() {
        return "http://127.0.0.1:" + server.port();
    }

    /** The user exists, named {@code username}. */
    public UserServiceFake user(long id, String username, boolean bot) {
        users.put(id, new User(id, username, bot));
        return this;
    }

    /** The user exists; a user named after their id is kept as it is. */
    public UserServiceFake exists(long id, boolean bot) {
        users.putIfAbsent(id, new User(id, "user_" + id, bot));
        return this;
    }

    public List<Request> requests() {
        return List.copyOf(requests);
    }

    private Publisher<Void> users(HttpServerRequest request, HttpServerResponse response) {
        String authorization = request.requestHeaders().get("Authorization");
        Map<String, List<String>> query = new QueryStringDecoder(request.uri()).parameters();
        String username = query.containsKey("username") ? query.get("username").get(0) : null;
        List<String> ids = query.getOrDefault("ids", List.of("")).stream()
                .flatMap(value -> Arrays.stream(value.split(",")))
                .filter(id -> !id.isEmpty())
                .toList();
        requests.add(new Request(authorization, ids, username));
        if (!("Internal " + secret).equals(authorization)) {
            return FakeAnswers.json(response, 401, "{\"message\":\"401: Unauthorized\",\"code\":0}");
        }
        List<User> found = username == null
                ? ids.stream().map(id -> users.get(Long.parseLong(id))).toList()
                : users.values().stream()
                        .filter(user -> user.username().equalsIgnoreCase(username))
                        .toList();
        ArrayNode answer = JSON.createArrayNode();
        for (User user : found) {
            if (user != null) {
                String id = Long.toString(user.id());
                answer.addObject()
                        .put("id", id)
                        .put("username", user.username())
                        .put("discriminator", "0")
                        .putNull("global_name")
                        .putNull("avatar")
                        .putNull("avatar_decoration_data")
                        .put("public_flags", 0)
                        .put("bot", user.bot())
                        .putNull("banner")
                        .putNull("accent_color");
            }
        }
        return FakeAnswers.json(response, 200, answer.toString());
    }

    @Override
    public void close() {
        server.disposeNow();
    }
}
