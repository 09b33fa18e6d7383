package dev.concord.webhook.messages;

import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.test.TestTokenKeys;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/**
 * social-service's {@code GET /internal/users/{id}/direct-message-policy} on loopback, answering what
 * each test sets for a pair of users (nothing set: no block, no friendship, no closed guild), and 401
 * without the internal secret.
 */
final class SocialServiceFake {

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

    static SocialServiceFake start() {
        return new SocialServiceFake();
    }

    String url() {
        return "http://127.0.0.1:" + server.port();
    }

    /** What {@code recipient}'s side says of DMs from {@code author}. */
    void policy(long recipient, long author, boolean blocked, boolean friends, List<Long> restrictedGuilds) {
        String restricted = String.join(
                ", ", restrictedGuilds.stream().map(id -> "\"" + id + "\"").toList());
        policies.put(
                recipient + ":" + author,
                "{\"blocked\": " + blocked + ", \"friends\": " + friends + ", \"restricted_guild_ids\": [" + restricted
                        + "]}");
    }
}
