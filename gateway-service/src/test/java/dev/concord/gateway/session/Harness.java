package dev.concord.gateway.session;

import dev.concord.gateway.GatewaySettings;
import dev.concord.gateway.InstanceId;
import dev.concord.gateway.limits.IdentifyLimits;
import dev.concord.gateway.members.MemberRequests;
import dev.concord.gateway.voice.VoiceStates;
import dev.concord.platform.auth.RevocationList;
import dev.concord.platform.auth.SigningKeys;
import dev.concord.platform.auth.TokenIssuer;
import dev.concord.platform.auth.TokenKind;
import dev.concord.platform.auth.TokenVerifier;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.json.Json;
import java.security.KeyPair;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.springframework.util.unit.DataSize;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/** Connections wired to real token checks and sessions, a fake identity service and a hand-driven clock. */
final class Harness {

    static final Duration HEARTBEAT = Duration.ofMillis(1000);

    final GatewaySettings settings;
    final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    final List<String> directory = new ArrayList<>();
    final SessionRegistry sessions;
    private final TokenIssuer issuer;
    private final ConnectionServices services;
    /** What the identity service answers for an Authorization header; by default the user of the token. */
    Function<String, Mono<JsonNode>> identity = authorization ->
            Mono.just(Json.mapper().createObjectNode().put("id", "1").put("username", "someone"));

    /** A bot's application flags: the three limited privileged intents, or none for a strict harness. */
    final long applicationFlags;

    final List<String> identityCalls = new ArrayList<>();
    /** What guild-service answers for a user's guilds; by default none. */
    UserGuilds guilds = UserGuilds.NONE;
    /** presence-service: records what it is told, answers what the test sets. */
    final FakePresences presences = new FakePresences();

    Harness(int queueSize, int replaySize, boolean privilegedIntents) {
        applicationFlags = privilegedIntents ? (1L << 13) | (1L << 15) | (1L << 19) : 0;
        KeyPair keys = SigningKeys.generate();
        issuer = new TokenIssuer(keys.getPrivate(), new SnowflakeGenerator(1, 1), Clock.systemUTC());
        settings = new GatewaySettings(
                "ws://gateway.test",
                HEARTBEAT,
                Duration.ofMillis(500),
                "http://identity.test",
                Duration.ofSeconds(5),
                queueSize,
                replaySize,
                Duration.ofMinutes(3),
                DataSize.ofMegabytes(64),
                Duration.ofSeconds(10));
        sessions = new SessionRegistry(
                new SessionDirectory() {
                    @Override
                    public void opened(Session session) {
                        directory.add("opened " + session.id());
                    }

                    @Override
                    public void alive(Session session) {
                        directory.add("alive " + session.id());
                    }

                    @Override
                    public void ended(Session session) {
                        directory.add("ended " + session.id());
                    }
                },
                settings,
                new InstanceId("harness"),
                ReplayLog.NONE);
        services = new ConnectionServices(
                settings,
                Json.mapper(),
                new TokenAuthenticator(new TokenVerifier(keys.getPublic(), new RevocationList())),
                new IdentityClient() {
                    @Override
                    public Mono<JsonNode> currentUser(String authorization) {
                        identityCalls.add(authorization);
                        return identity.apply(authorization);
                    }

                    @Override
                    public Mono<JsonNode> currentApplication(String authorization) {
                        return Mono.just(
                                Json.mapper().createObjectNode().put("id", "77").put("flags", applicationFlags));
                    }
                },
                userId -> guilds.guildsOf(userId),
                sessions,
                HomeAdopter.NONE,
                nanos::get,
                IdentifyLimits.NONE,
                MemberRequests.IGNORED,
                presences,
                VoiceStates.IGNORED);
    }

    Harness() {
        this(100, 50, true);
    }

    String userToken(long userId) {
        return issuer.issueUserToken(Snowflake.of(userId)).token();
    }

    String botToken(long userId) {
        return issuer.issue(Snowflake.of(userId), TokenKind.BOT, Snowflake.of(userId + 1), Set.of())
                .token();
    }

    GatewayConnection connect(RecordingOutbound outbound) {
        GatewayConnection connection = new GatewayConnection(services, outbound, 10);
        connection.open();
        return connection;
    }

    void advance(Duration duration) {
        nanos.addAndGet(duration.toNanos());
    }

    static String identify(String token) {
        return "{\"op\":2,\"d\":{\"token\":\"" + token
                + "\",\"properties\":{\"os\":\"linux\",\"browser\":\"test\",\"device\":\"test\"}}}";
    }

    static String identifyBot(String token, long intents) {
        return "{\"op\":2,\"d\":{\"token\":\"" + token + "\",\"intents\":" + intents
                + ",\"properties\":{\"os\":\"linux\",\"browser\":\"test\",\"device\":\"test\"}}}";
    }

    static String resume(String token, String sessionId, long seq) {
        return "{\"op\":6,\"d\":{\"token\":\"" + token + "\",\"session_id\":\"" + sessionId + "\",\"seq\":" + seq
                + "}}";
    }
}
