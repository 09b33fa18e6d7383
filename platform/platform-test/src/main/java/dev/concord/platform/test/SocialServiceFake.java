package dev.concord.platform.test;

import dev.concord.platform.auth.InternalCredential;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/**
 * social-service's {@code GET /internal/users/{id}/direct-message-policy} on loopback, answering what
 * each test sets for a pair of users (nothing set: no block, no friendship, no closed guild), and 401
 * without the internal secret. {@link #friends} sets a friendship both ways.
 */
public final class SocialServiceFake {

    private final Map<String, String> policies = new ConcurrentHashMap<>();
    private final DisposableServer server;

    private SocialServiceFake() {
        String expected = InternalCredential.header(TestTokenKeys.internalSecret());
        server = HttpServer.create()
                .host("127.0.0.1")
                .port(0)
                .route(routes -> routes.get("/internal/users/{user}/direct-message-policy", (request, response) -> {
                    if (!expected.equals(request.requestHeaders().get("Authorization"))) {
                        return response.status(401).send();
                    }
                    String from = request.uri().replaceFirst(".*[?&]from=(\\d+).*", "$1");
                    String policy = policies.getOrDefault(
                            request.param("user") + ":" + from,
                            "{\"blocked\": false, \"friends\": false, \"restricted_guild_ids\": []}");
                    return response.header("Content-Type", "application/json")
                            .sendString(Mono.just(policy))
                            .then();
                }))
                .bindNow();
    }

    private static volatile @Nullable SocialServiceFake shared;

    /** A fake of its own. */
    public static SocialServiceFake start() {
        return new SocialServiceFake();
    }

    /** The one every {@link RealInfrastructure} context asks unless told otherwise; started on first use. */
    public static SocialServiceFake shared() {
        SocialServiceFake current = shared;
        if (current == null) {
            synchronized (SocialServiceFake.class) {
                current = shared;
                if (current == null) {
                    current = start();
                    shared = current;
                }
            }
        }
        return current;
    }

    public String url() {
        return "http://127.0.0.1:" + server.port();
    }

    /** Friends, as social-service answers it from either side. */
    public void friends(long one, long other) {
        policy(one, other, false, true, List.of());
        policy(other, one, false, true, List.of());
    }

    /** What {@code recipient}'s side says of DMs from {@code author}. */
    public void policy(long recipient, long author, boolean blocked, boolean friends, List<Long> restrictedGuilds) {
        String restricted = String.join(
                ", ", restrictedGuilds.stream().map(id -> "\"" + id + "\"").toList());
        policies.put(
                recipient + ":" + author,
                "{\"blocked\": " + blocked + ", \"friends\": " + friends + ", \"restricted_guild_ids\": [" + restricted
                        + "]}");
    }
}
