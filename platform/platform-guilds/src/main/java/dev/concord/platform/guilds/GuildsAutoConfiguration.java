package dev.concord.platform.guilds;

import com.github.benmanes.caffeine.cache.Ticker;
import dev.concord.platform.events.EventSubscriber;
import dev.concord.platform.events.EventsAutoConfiguration;
import dev.concord.platform.events.InstanceListener;
import dev.concord.platform.json.Json;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.http.codec.json.JacksonJsonDecoder;
import org.springframework.http.codec.json.JacksonJsonEncoder;
import org.springframework.web.reactive.function.client.WebClient;
import tools.jackson.databind.json.JsonMapper;

/** The guild-service client, in every service that says where guild-service is. */
@AutoConfiguration(after = EventsAutoConfiguration.class)
@Conditional(GuildServiceConfigured.class)
@EnableConfigurationProperties(GuildsSettings.class)
public class GuildsAutoConfiguration {

    static final String GUILD_EVENTS = "guild.events";

    /** A channel's guild never changes; its type rarely, and nothing here depends on it being fresh. */
    static final Duration CHANNEL_PLACES_TTL = Duration.ofMinutes(10);

    /** The one client of guild-service's internal API that the beans below share. */
    @Bean
    @ConditionalOnMissingBean
    GuildServiceClient guildServiceClient(
            GuildsSettings settings,
            @Value("${concord.auth.internal-secret:}") String secret,
            ObjectProvider<WebClient.Builder> builders,
            ObjectProvider<JsonMapper> mappers) {
        if (secret.isBlank()) {
            throw new IllegalStateException(
                    "concord.auth.internal-secret is not set (env CONCORD_AUTH_INTERNAL_SECRET): "
                            + "guild-service answers internal calls only with it, and concord.guilds.base-url is set");
        }
        // Spring Boot's builder when the service has one (its codecs, its observations); else one with the
        // platform's JSON. A builder bean may be shared, so it is copied before it is changed.
        WebClient.Builder builder = builders.getIfAvailable(() -> platformJson(mappers.getIfAvailable(Json::mapper)))
                .clone();
        return new GuildServiceClient(builder.baseUrl(settings.baseUrl()).build(), secret, settings.timeout());
    }

    @Bean
    @ConditionalOnMissingBean
    GuildAuthorization guildAuthorization(
            GuildServiceClient client, GuildsSettings settings, ObjectProvider<MeterRegistry> registries) {
        GuildAuthorization authorization =
                new GuildAuthorization(client, settings.cacheTtl(), settings.cacheSize(), Ticker.systemTicker());
        registries.ifUnique(authorization::monitor);
        return authorization;
    }

    @Bean
    @ConditionalOnMissingBean
    GuildBots guildBots(GuildServiceClient client) {
        return new GuildBots(client);
    }

    @Bean
    @ConditionalOnMissingBean
    GroupDmApplications groupDmApplications(GuildServiceClient client) {
        return new GroupDmApplications(client);
    }

    @Bean
    @ConditionalOnMissingBean
    CustomEmojis customEmojis(GuildServiceClient client) {
        return new CustomEmojis(client);
    }

    @Bean
    @ConditionalOnMissingBean
    AutoModerationRules autoModerationRules(GuildServiceClient client) {
        return new AutoModerationRules(client);
    }

    @Bean
    @ConditionalOnMissingBean
    GuildVoice guildVoice(GuildServiceClient client) {
        return new GuildVoice(client);
    }

    @Bean
    @ConditionalOnMissingBean
    ChannelDirectory channelDirectory(GuildServiceClient client, GuildsSettings settings) {
        return new ChannelDirectory(client, CHANNEL_PLACES_TTL, settings.cacheSize());
    }

    /**
     * Drops cached answers about a guild on each of its events, on every instance. Only services that ask
     * for permissions keep the cache the events keep fresh.
     */
    @Bean
    @ConditionalOnBean(EventSubscriber.class)
    @ConditionalOnMissingBean(GuildEventsFeed.class)
    @ConditionalOnProperty(name = "concord.guilds.follow-events", matchIfMissing = true)
    InstanceListener guildEventsListener(
            EventSubscriber subscriber,
            GuildAuthorization authorization,
            @Value("${spring.application.name:application}") String serviceName) {
        return new InstanceListener(subscriber, serviceName + ".guild-authz", GUILD_EVENTS, authorization::onEvent);
    }

    private static WebClient.Builder platformJson(JsonMapper mapper) {
        return WebClient.builder().codecs(codecs -> {
            codecs.defaultCodecs().jacksonJsonEncoder(new JacksonJsonEncoder(mapper));
            codecs.defaultCodecs().jacksonJsonDecoder(new JacksonJsonDecoder(mapper));
        });
    }
}
