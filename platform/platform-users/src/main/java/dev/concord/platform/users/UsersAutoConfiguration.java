package dev.concord.platform.users;

import dev.concord.platform.events.EventSubscriber;
import dev.concord.platform.events.EventsAutoConfiguration;
import dev.concord.platform.events.ProcessedEvents;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.context.annotation.Bean;
import org.springframework.r2dbc.core.DatabaseClient;

/** The replica and its updater, for every service that depends on this module. */
@AutoConfiguration(after = EventsAutoConfiguration.class)
@ConditionalOnBean(ProcessedEvents.class)
public class UsersAutoConfiguration {

    @Bean
    UserDirectory userDirectory(DatabaseClient db) {
        return new UserDirectory(db);
    }

    @Bean
    UserReplicaUpdater userReplicaUpdater(
            EventSubscriber subscriber,
            ProcessedEvents processed,
            DatabaseClient db,
            @Value("${spring.application.name}") String serviceName) {
        return new UserReplicaUpdater(subscriber, processed, db, serviceName);
    }
}
