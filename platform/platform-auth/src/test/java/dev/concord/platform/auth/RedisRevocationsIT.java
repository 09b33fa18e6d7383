package dev.concord.platform.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.infra.EmbeddedRedisServer;
import dev.concord.platform.redis.RedisSettings;
import io.lettuce.core.RedisClient;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Revocations reach every instance: running ones through the channel, new ones through the stored state. */
class RedisRevocationsIT {

    /** platform-test builds on this module, so this test starts the one Redis it needs. */
    private static final EmbeddedRedisServer REDIS = EmbeddedRedisServer.start(0);

    private final RedisClient client = RedisClient.create(REDIS.uri());
    private final RedisSettings settings = new RedisSettings(REDIS.uri(), "revocations-it:");
    private final TokenIssuer issuer =
            new TokenIssuer(SigningKeys.generate().getPrivate(), new SnowflakeGenerator(0, 0), Clock.systemUTC());

    @AfterEach
    void close() {
        client.shutdown();
    }

    @AfterAll
    static void stopRedis() {
        REDIS.close();
    }

    @Test
    void aRevocationOnOneInstanceReachesTheOthers() {
        Instance a = new Instance();
        Instance b = new Instance();
        Principal loggedOut = issuer.issueUserToken(Snowflake.of(1)).principal();
        Principal oldSession = issuer.issueUserToken(Snowflake.of(2)).principal();
        Principal otherUser = issuer.issueUserToken(Snowflake.of(3)).principal();

        a.revocations.revokeToken(loggedOut).block();
        a.revocations
                .revokeIssuedBefore(Snowflake.of(2), Instant.now().plusMillis(1))
                .block();

        assertThat(a.list.isRevoked(loggedOut)).isTrue();
        await("revocation reaches the other instance")
                .atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(10))
                .until(() -> b.list.isRevoked(loggedOut) && b.list.isRevoked(oldSession));
        assertThat(b.list.isRevoked(otherUser)).isFalse();

        Instance startedLater = new Instance();
        assertThat(startedLater.list.isRevoked(loggedOut)).isTrue();
        assertThat(startedLater.list.isRevoked(oldSession)).isTrue();
        assertThat(startedLater.list.isRevoked(otherUser)).isFalse();
    }

    private final class Instance {
        final RevocationList list = new RevocationList();
        final RedisRevocations revocations =
                new RedisRevocations(list, client.connect().reactive(), client.connectPubSub(), settings);

        Instance() {
            revocations.start();
        }
    }
}
