package dev.concord.gateway.dispatch;

import dev.concord.gateway.session.SessionRegistry;
import dev.concord.platform.guilds.GuildAuthorization;
import dev.concord.platform.guilds.GuildsAutoConfiguration;
import java.time.Clock;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.context.annotation.Bean;

/**
 * Guild audiences where guild-service is configured. An auto-configuration, ordered after the client's:
 * {@code @ConditionalOnBean} sees only beans already defined, which the application's own configuration
 * classes, read first, could not rely on.
 */
@AutoConfiguration(after = GuildsAutoConfiguration.class)
@ConditionalOnBean(GuildAuthorization.class)
class GuildAudienceConfiguration {

    @Bean
    GuildAudienceResolver guildAudienceResolver(GuildAuthorization authorization, SessionRegistry sessions) {
        return new LocalGuildAudience(authorization, sessions, Clock.systemUTC());
    }
}
