package dev.concord.platform.test;

import dev.concord.platform.auth.InternalCredential;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/**
 * social-service's {@code GET /internal/users/{id}/direct-message-policy} and
 * {@code GET /internal/users/{id}/presence-audience} and {@code .../stream-audience} on loopback, answering what each test sets (nothing
 * set: no block, no friendship, no closed guild, nobody watching, default settings), and 401 without the
 * internal secret. {@link #friends} sets a friendship both ways.
 */
public final class SocialServiceFake {

    private final Map<String, String> policies = new ConcurrentHashMap<>();
    /** Per user: who sees their presence, whose they see. */
    private final Map<String, Set<String>> watchers = new ConcurrentHashMap<>();

    private final Map<String, Set<String>> watching = new ConcurrentHashMap<>();
    private final Map<String, Set<String>> friendsOf = new ConcurrentHashMap<>();
    /** Per user: their status, show_current_game and activity_restricted_guild_ids settings, as JSON members. */
    private final Map<String, String> presenceSettings = new ConcurrentHashMap<>();

    /** Users who turned stream notifications off. */
    private final Set<String> streamNotificationsOff = ConcurrentHashMap.newKeySet();

    private final Set<String> failingAudiences = ConcurrentHashMap.newKeySet();
    private final DisposableServer server;

    private SocialServiceFake() {
        String expected = InternalCredential.header(TestTokenKeys.internalSecret());
        server = HttpServer.create()
                .host("127.0.0.1")
                .port(0)
                .route(routes -> routes.get("/internal/users/{user}/presence-audience", (request, response) -> {
                            if (!expected.equals(request.requestHeaders().get("Authorization"))) {
                                return response.status(401).send();
                            }
                            String user = Objects.requireNonNull(request.param("user"));
                            if (failingAudiences.contains(user)) {
                                return response.status(500).send();
                            }
                            return response.header("Content-Type", "application/json")
                                    .sendString(Mono.fromSupplier(() -> presenceAudience(user)))
                                    .then();
                        })
                        .get("/internal/users/{user}/stream-audience", (request, response) -> {
                            if (!expected.equals(request.requestHeaders().get("Authorization"))) {
                                return response.status(401).send();
                            }
                            String user = Objects.requireNonNull(request.param("user"));
                            return response.header("Content-Type", "application/json")
                                    .sendString(Mono.fromSupplier(() -> streamAudience(user)))
                                    .then();
                        })
                        .get("/internal/users/{user}/direct-message-policy", (request, response) -> {
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

    /** Friends, as social-service answers it from either side: each may DM and sees the other's presence. */
    public void friends(long one, long other) {
        policy(one, other, false, true, List.of());
        policy(other, one, false, true, List.of());
        watches(one, other);
        watches(other, one);
        friendsOf
                .computeIfAbsent(Long.toString(one), k -> ConcurrentHashMap.newKeySet())
                .add(Long.toString(other));
        friendsOf
                .computeIfAbsent(Long.toString(other), k -> ConcurrentHashMap.newKeySet())
                .add(Long.toString(one));
    }

    /** {@code watcher} sees {@code watched}'s overall presence (a friend or an implicit relationship of theirs). */
    public void watches(long watcher, long watched) {
        watchers.computeIfAbsent(Long.toString(watched), k -> ConcurrentHashMap.newKeySet())
                .add(Long.toString(watcher));
        watching.computeIfAbsent(Long.toString(watcher), k -> ConcurrentHashMap.newKeySet())
                .add(Long.toString(watched));
    }

    /** {@code watcher} no longer sees {@code watched}'s presence (a block, an unfriending). */
    public void stopsWatching(long watcher, long watched) {
        watchers.getOrDefault(Long.toString(watched), Set.of()).remove(Long.toString(watcher));
        watching.getOrDefault(Long.toString(watcher), Set.of()).remove(Long.toString(watched));
    }

    /** The user's presence settings; without this, the platform's defaults (online, games shown, no guild restricted). */
    public void presenceSettings(long user, String status, boolean showCurrentGame, List<Long> restrictedGuilds) {
        presenceSettings.put(
                Long.toString(user),
                "\"status\": \"" + status + "\", \"show_current_game\": " + showCurrentGame
                        + ", \"activity_restricted_guild_ids\": " + quoted(restrictedGuilds));
    }

    /** The user turned stream notifications off: their friends going live notify them no more. */
    public void streamNotificationsOff(long user) {
        streamNotificationsOff.add(Long.toString(user));
    }

    /** Answers 500 for the user's presence audience from now on. */
    public void failPresenceAudience(long user) {
        failingAudiences.add(Long.toString(user));
    }

    private String presenceAudience(String user) {
        return "{\"watchers\": " + quotedIds(watchers.getOrDefault(user, Set.of())) + ", \"watching\": "
                + quotedIds(watching.getOrDefault(user, Set.of())) + ", \"friends\": "
                + quotedIds(friendsOf.getOrDefault(user, Set.of())) + ", "
                + presenceSettings.getOrDefault(
                        user,
                        "\"status\": \"online\", \"show_current_game\": true, \"activity_restricted_guild_ids\": []")
                + "}";
    }

    private String streamAudience(String user) {
        return "{\"user_ids\": "
                + quotedIds(friendsOf.getOrDefault(user, Set.of()).stream()
                        .filter(friend -> !streamNotificationsOff.contains(friend))
                        .toList())
                + "}";
    }

    private static String quoted(List<Long> ids) {
        return quotedIds(ids.stream().map(String::valueOf).toList());
    }

    private static String quotedIds(Collection<String> ids) {
        return "[" + String.join(", ", ids.stream().map(id -> "\"" + id + "\"").toList()) + "]";
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
