package dev.concord.webhook.messages;

import dev.concord.platform.events.EventSubscriber;
import dev.concord.platform.events.InstanceListener;
import dev.concord.webhook.webhooks.ExecutableWebhooks;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Every instance's own consumer of webhook.events, which keeps what it holds in memory current: its
 * {@link RecentMessages} and the webhooks it executed lately.
 */
@Configuration(proxyBeanMethods = false)
class RecentMessagesFeed {

    @Bean
    InstanceListener recentMessagesListener(
            EventSubscriber subscriber,
            RecentMessages recent,
            ExecutableWebhooks webhooks,
            @Value("${spring.application.name}") String serviceName) {
        // Both need only each event's type and key: the messages, often large, are never parsed here.
        return InstanceListener.ofSummaries(
                subscriber, serviceName + ".recent-messages", "webhook.events", event -> recent.onEvent(event)
                        .then(webhooks.onEvent(event)));
    }
}
