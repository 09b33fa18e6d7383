package dev.concord.presence.fanout;

import dev.concord.platform.events.EventSubscriber;
import dev.concord.platform.events.InstanceListener;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.core.publisher.Mono;

/** Every instance's own consumer of social.events, which keeps its {@link Audiences} current. */
@Configuration(proxyBeanMethods = false)
class AudiencesFeed {

    @Bean
    InstanceListener presenceAudiencesListener(
            EventSubscriber subscriber, Audiences audiences, @Value("${spring.application.name}") String serviceName) {
        return InstanceListener.ofSummaries(
                subscriber,
                serviceName + ".audiences",
                "social.events",
                event -> Mono.fromRunnable(() -> audiences.onEvent(event)));
    }
}
