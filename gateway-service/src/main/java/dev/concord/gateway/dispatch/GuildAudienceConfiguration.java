package dev.concord.gateway.dispatch;

import dev.concord.gateway.session.SessionRegistry;
import dev.concord.platform.guilds.GuildAuthorization;
import dev.concord.platform.guilds.GuildsAutoConfiguration;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.MeterBinder;
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
    LocalGuildAudience guildAudienceResolver(GuildAuthorization authorization, SessionRegistry sessions) {
        return new LocalGuildAudience(authorization, sessions, Clock.systemUTC());
    }

    /** What the instance holds to resolve audiences, which grows with its users and their guilds. */
    @Bean
    MeterBinder guildAudienceGauges(LocalGuildAudience audience) {
        return registry -> {
            Gauge.builder("gateway.audience.users", audience, LocalGuildAudience::connectedUsers)
                    .description("Users with a session here whose guild memberships are held")
                    .register(registry);
            Gauge.builder("gateway.audience.guilds", audience, LocalGuildAudience::heldGuilds)
                    .description("Guilds whose roles, channels and owner are held here")
                    .register(registry);
        };
    }
}
