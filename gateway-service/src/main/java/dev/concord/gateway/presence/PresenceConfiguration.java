package dev.concord.gateway.presence;

import dev.concord.gateway.GatewaySettings;
import dev.concord.gateway.InstanceId;
import dev.concord.gateway.session.SessionPresences;
import dev.concord.gateway.session.SessionRegistry;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

/**
 * presence-service where {@code concord.presence.base-url} (env {@code CONCORD_PRESENCE_URL}) is set;
 * {@link SessionPresences#NONE} otherwise.
 */
@Configuration(proxyBeanMethods = false)
class PresenceConfiguration {

    @Bean(destroyMethod = "dispose")
    @ConditionalOnExpression("!'${concord.presence.base-url:}'.isEmpty()")
    PresenceServiceClient presenceServiceClient(
            @Value("${concord.presence.base-url}") String baseUrl,
            @Value("${concord.auth.internal-secret:}") String secret,
            InstanceId instance,
            JsonMapper mapper,
            GatewaySettings settings) {
        if (secret.isBlank()) {
            throw new IllegalStateException(
                    "concord.auth.internal-secret must be set: presence-service answers only the internal credential");
        }
        return new PresenceServiceClient(baseUrl, secret, instance, mapper, settings.identifyTimeout());
    }

    @Bean
    @ConditionalOnExpression("!'${concord.presence.base-url:}'.isEmpty()")
    PresenceSync presenceSync(PresenceServiceClient client, SessionRegistry sessions, GatewaySettings settings) {
        return new PresenceSync(client, sessions, settings.heartbeatTimeout());
    }

    @Bean
    @ConditionalOnMissingBean(PresenceServiceClient.class)
    SessionPresences noSessionPresences() {
        return SessionPresences.NONE;
    }
}
