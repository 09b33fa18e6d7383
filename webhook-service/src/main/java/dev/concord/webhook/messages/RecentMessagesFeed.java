package dev.concord.webhook.messages;

import dev.concord.platform.events.EventSubscriber;
import dev.concord.platform.events.InstanceListener;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Every instance's own consumer of webhook.events, which keeps its {@link RecentMessages} current. */
@Configuration(proxyBeanMethods = false)
class RecentMessagesFeed {

    @Bean
    InstanceListener recentMessagesListener(
            EventSubscriber subscriber,
            RecentMessages recent,
            @Value("${spring.application.name}") String serviceName) {
        return new InstanceListener(subscriber, serviceName + ".recent-messages", "webhook.events", recent::onEvent);
    }
}
