package dev.concord.platform.guilds;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.StringUtils;

/**
 * {@code concord.guilds.base-url} names an address. A service's yml says {@code ${CONCORD_GUILDS_URL:}},
 * which is empty where the variable is unset: that means "no guild-service", not "guild-service at ''"
 * (which {@code @ConditionalOnProperty} would accept, since it only rejects "false").
 */
final class GuildServiceConfigured extends SpringBootCondition {

    static final String PROPERTY = "concord.guilds.base-url";

    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
        return StringUtils.hasText(context.getEnvironment().getProperty(PROPERTY))
                ? ConditionOutcome.match(PROPERTY + " is set")
                : ConditionOutcome.noMatch(PROPERTY + " is not set or empty");
    }
}
