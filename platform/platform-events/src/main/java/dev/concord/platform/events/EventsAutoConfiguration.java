package dev.concord.platform.events;

import dev.concord.platform.ids.SnowflakeGenerator;
import io.r2dbc.postgresql.PostgresqlConnectionFactoryProvider;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryOptions;
import java.time.Clock;
import java.util.Objects;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import tools.jackson.databind.json.JsonMapper;

/** Kafka publishing and consuming for every service; the outbox where the service has a database. */
// By name: services without a database do not have the R2DBC auto-configuration on the classpath.
@AutoConfiguration(afterName = "org.springframework.boot.r2dbc.autoconfigure.R2dbcAutoConfiguration")
@EnableConfigurationProperties(EventSettings.class)
public class EventsAutoConfiguration {

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    EventPublisher eventPublisher(EventSettings settings) {
        return new KafkaProducerPublisher(settings.bootstrapServers());
    }

    /** Where a service publishes state no database holds. */
    @Bean
    @ConditionalOnProperty("concord.kafka.topic")
    DirectEvents directEvents(
            EventPublisher publisher,
            JsonMapper mapper,
            SnowflakeGenerator ids,
            Clock clock,
            EventSettings settings,
            @Value("${spring.application.name:unknown}") String applicationName) {
        return new DirectEvents(publisher, mapper, ids, clock, settings, applicationName);
    }

    @Bean
    @ConditionalOnMissingBean
    EventSubscriber eventSubscriber(EventSettings settings, JsonMapper mapper) {
        return new ReactorKafkaSubscriber(settings, mapper);
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(
            name = {
                "org.springframework.r2dbc.core.DatabaseClient",
                "org.springframework.boot.r2dbc.autoconfigure.R2dbcProperties"
            })
    @ConditionalOnBean(ConnectionFactory.class)
    static class OutboxConfiguration {

        @Bean
        ProcessedEvents processedEvents(DatabaseClient db, TransactionalOperator transactions) {
            return new ProcessedEvents(db, transactions);
        }

        @Bean
        @ConditionalOnProperty("concord.kafka.topic")
        Outbox outbox(
                DatabaseClient db,
                JsonMapper mapper,
                SnowflakeGenerator ids,
                Clock clock,
                EventSettings settings,
                OutboxWakeUps wakeUps,
                @Value("${spring.application.name:unknown}") String applicationName) {
            return new Outbox(db, mapper, ids, clock, settings, wakeUps, applicationName);
        }

        @Bean
        @ConditionalOnProperty("concord.kafka.topic")
        OutboxWakeUps outboxWakeUps(DatabaseClient db) {
            return new OutboxWakeUps(db);
        }

        /** The relay listens on a connection of its own, outside the pool, held for as long as it leads. */
        @Bean
        @ConditionalOnProperty("concord.kafka.topic")
        OutboxRelay outboxRelay(
                R2dbcProperties r2dbc, EventPublisher publisher, EventSettings settings, OutboxWakeUps wakeUps) {
            return new OutboxRelay(listenerConnections(r2dbc), publisher, settings, wakeUps);
        }

        /** Plain connections to the service's database, outside its pool: the relay's connection is its own. */
        static ConnectionFactory listenerConnections(R2dbcProperties r2dbc) {
            ConnectionFactoryOptions.Builder options = ConnectionFactoryOptions.parse(
                            Objects.requireNonNull(r2dbc.getUrl(), "spring.r2dbc.url is not set")
                                    .replace("r2dbc:pool:", "r2dbc:"))
                    .mutate();
            if (r2dbc.getUsername() != null) {
                options.option(ConnectionFactoryOptions.USER, r2dbc.getUsername());
            }
            if (r2dbc.getPassword() != null) {
                options.option(ConnectionFactoryOptions.PASSWORD, r2dbc.getPassword());
            }
            // Named in pg_stat_activity, where an operator looks for the session that holds the lead.
            options.option(PostgresqlConnectionFactoryProvider.APPLICATION_NAME, "outbox-relay");
            return ConnectionFactories.get(options.build());
        }
    }
}
