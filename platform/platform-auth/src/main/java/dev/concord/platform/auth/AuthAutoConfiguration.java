package dev.concord.platform.auth;

import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.redis.PlatformRedisAutoConfiguration;
import dev.concord.platform.redis.RedisSettings;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import java.time.Clock;
import java.util.Objects;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.web.server.WebFilter;

/** Local token verification for every service; issuing only where a private key is configured. */
@AutoConfiguration(after = PlatformRedisAutoConfiguration.class)
@EnableConfigurationProperties(AuthSettings.class)
public class AuthAutoConfiguration {

    @Bean
    RevocationList revocationList() {
        return new RevocationList();
    }

    @Bean(initMethod = "start", destroyMethod = "stop")
    RedisRevocations redisRevocations(
            RevocationList list,
            RedisReactiveCommands<String, String> redis,
            StatefulRedisPubSubConnection<String, String> pubSub,
            RedisSettings settings) {
        return new RedisRevocations(list, redis, pubSub, settings);
    }

    @Bean
    TokenVerifier tokenVerifier(AuthSettings settings, RevocationList revocations) {
        String publicKey = settings.publicKey();
        if (publicKey == null || publicKey.isBlank()) {
            throw new IllegalStateException("concord.auth.public-key is not set (env CONCORD_AUTH_PUBLIC_KEY)");
        }
        return new TokenVerifier(SigningKeys.decodePublic(publicKey), revocations);
    }

    @Bean
    WebFilter authenticationFilter(TokenVerifier verifier, AuthSettings settings) {
        return new AuthenticationFilter(
                verifier, settings.publicPaths(), new InternalCredential(settings.internalSecret()));
    }

    @Bean
    @ConditionalOnProperty("concord.auth.private-key")
    TokenIssuer tokenIssuer(AuthSettings settings, SnowflakeGenerator ids, Clock clock) {
        // Set: the condition above says so.
        return new TokenIssuer(SigningKeys.decodePrivate(Objects.requireNonNull(settings.privateKey())), ids, clock);
    }
}
