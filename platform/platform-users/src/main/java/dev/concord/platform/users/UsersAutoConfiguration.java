package dev.concord.platform.users;

import dev.concord.platform.events.EventSubscriber;
import dev.concord.platform.events.EventsAutoConfiguration;
import dev.concord.platform.events.InstanceListener;
import dev.concord.platform.events.ProcessedEvents;
import dev.concord.platform.json.Json;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.http.codec.json.JacksonJsonDecoder;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.web.reactive.function.client.WebClient;
import tools.jackson.databind.json.JsonMapper;

/** The replica, its updater and the client of the users' owner, for every service that depends on this module. */
@AutoConfiguration(after = EventsAutoConfiguration.class)
@ConditionalOnBean(ProcessedEvents.class)
@EnableConfigurationProperties(UsersSettings.class)
public class UsersAutoConfiguration {

    private static final Logger log = LoggerFactory.getLogger(UsersAutoConfiguration.class);

    @Bean
    UserOwnerClient userOwnerClient(
            UsersSettings settings,
            @Value("${concord.auth.internal-secret:}") String secret,
            @Value("${CONCORD_IDENTITY_URL:}") String identityUrl,
            ObjectProvider<WebClient.Builder> builders,
            ObjectProvider<JsonMapper> mappers) {
        // The same variable that tells the gateway where remote-auth-service is (deploy/k8s/config.yaml).
        String configured = settings.baseUrl();
        String baseUrl = configured != null && !configured.isBlank() ? configured : identityUrl;
        if (baseUrl.isBlank() || secret.isBlank()) {
            // Services that show no users yet (presence, webhooks) run without it; a miss is then a 503.
            log.warn("concord.users.base-url or concord.auth.internal-secret is not set: users missing from the"
                    + " replica cannot be fetched from remote-auth-service");
            return new UserOwnerClient(null, secret, settings.timeout());
        }
        // A builder bean may be shared, so it is copied before it is changed.
        WebClient.Builder builder = builders.getIfAvailable(
                        () -> WebClient.builder().codecs(codecs -> codecs.defaultCodecs()
                                .jacksonJsonDecoder(new JacksonJsonDecoder(mappers.getIfAvailable(Json::mapper)))))
                .clone();
        return new UserOwnerClient(builder.baseUrl(baseUrl).build(), secret, settings.timeout());
    }

    /**
     * Where the service names social-service (webhook-service, guild-service); started without its address
     * or the internal secret, such a service stops at once, naming both.
     */
    @Bean
    @ConditionalOnProperty(prefix = "concord.social", name = "base-url")
    SocialPolicies socialPolicies(
            ObjectProvider<WebClient.Builder> builders,
            @Value("${concord.social.base-url}") String baseUrl,
            @Value("${concord.auth.internal-secret:}") String secret) {
        return new SocialPolicies(builders, baseUrl, secret);
    }

    @Bean
    UserCache userCache(UsersSettings settings) {
        return new UserCache(settings.cacheSize(), settings.cacheExpiry());
    }

    @Bean
    UserDirectory userDirectory(DatabaseClient db, UserOwnerClient owner, UserCache cache) {
        return new UserDirectory(db, owner, cache);
    }

    /**
     * Every instance's own consumer of identity.events for its cache: the replica's updater is one group
     * per service, so only one instance sees each of its events.
     */
    @Bean
    InstanceListener userCacheListener(
            EventSubscriber subscriber, UserCache cache, @Value("${spring.application.name}") String serviceName) {
        return new InstanceListener(subscriber, serviceName + ".user-cache", UserReplicaUpdater.TOPIC, cache::onEvent);
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
