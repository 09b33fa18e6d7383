package dev.concord.platform.redis;

import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.web.NodeSettings;
import dev.concord.platform.web.WebPlatformAutoConfiguration;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import java.time.Clock;
import java.time.Duration;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.LivenessState;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;

/**
 * One multiplexed connection for commands and one for subscriptions (Lettuce pipelines concurrent
 * commands over a single connection, so a pool would only add overhead for this non-transactional use),
 * and the snowflake worker lease that keeps replicas' ids apart.
 */
@AutoConfiguration(before = WebPlatformAutoConfiguration.class)
@EnableConfigurationProperties({RedisSettings.class, NodeSettings.class})
public class PlatformRedisAutoConfiguration {

    private static final Duration WORKER_LEASE = Duration.ofSeconds(30);

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

    /** Only when no worker is configured: replicas then share nothing but Redis to stay apart. */
    @Bean(destroyMethod = "close")
    @ConditionalOnExpression("'${concord.node.worker:}'.isEmpty()")
    WorkerLease workerLease(
            RedisReactiveCommands<String, String> redis,
            RedisSettings settings,
            NodeSettings node,
            ApplicationEventPublisher events) {
        return WorkerLease.acquire(
                redis,
                settings,
                node.process(),
                WORKER_LEASE,
                key -> AvailabilityChangeEvent.publish(events, key, LivenessState.BROKEN));
    }

    @Bean
    @ConditionalOnExpression("'${concord.node.worker:}'.isEmpty()")
    SnowflakeGenerator snowflakeGenerator(WorkerLease lease, NodeSettings node, Clock clock) {
        return new SnowflakeGenerator(lease.worker(), node.process(), clock);
    }
}
