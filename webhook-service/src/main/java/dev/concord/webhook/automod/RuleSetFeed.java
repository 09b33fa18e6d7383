package dev.concord.webhook.automod;

import dev.concord.platform.events.EventSubscriber;
import dev.concord.platform.events.InstanceListener;
import dev.concord.platform.ids.Snowflake;
import java.util.Set;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.core.publisher.Mono;

/**
 * Every instance's own consumer of guild.events for its {@link GuildRuleSets}: a rule created, changed or
 * deleted drops its guild's compiled set. Guild events are keyed by their guild, so the summary suffices.
 */
@Configuration(proxyBeanMethods = false)
class RuleSetFeed {

    private static final Set<String> RULE_CHANGES =
            Set.of("AUTO_MODERATION_RULE_CREATE", "AUTO_MODERATION_RULE_UPDATE", "AUTO_MODERATION_RULE_DELETE");

    @Bean
    InstanceListener ruleSetListener(
            EventSubscriber subscriber, GuildRuleSets sets, @Value("${spring.application.name}") String serviceName) {
        return InstanceListener.ofSummaries(subscriber, serviceName + ".auto-moderation", "guild.events", event -> {
            if (RULE_CHANGES.contains(event.type())) {
                sets.forget(Snowflake.parse(event.key()));
            }
            return Mono.empty();
        });
    }
}
