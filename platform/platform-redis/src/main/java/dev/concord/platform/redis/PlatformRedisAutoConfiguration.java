package dev.concord.platform.redis;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * One multiplexed connection for commands and one for subscriptions. Lettuce pipelines concurrent
 * commands over a single connection, so a pool would only add overhead for this non-transactional use.
 */
@AutoConfiguration
@EnableConfigurationProperties(RedisSettings.class)
public class PlatformRedisAutoConfiguration {

    @Bean(destroyMethod = "shutdown")
    RedisClient redisClient(RedisSettings settings) {
        return RedisClient.create(settings.uri());
    }

    /** Closed with the client: {@link RedisClient#shutdown()} closes every connection it opened. */
    @Bean
    RedisReactiveCommands<String, String> redis(RedisClient client) {
        return client.connect().reactive();
    }

    @Bean(destroyMethod = "close")
    StatefulRedisPubSubConnection<String, String> redisPubSub(RedisClient client) {
        return client.connectPubSub();
    }
}
