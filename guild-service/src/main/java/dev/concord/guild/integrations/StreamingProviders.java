package dev.concord.guild.integrations;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.client.WebClient;
import tools.jackson.databind.json.JsonMapper;

/** The one {@link StreamingAccounts} of the service, as {@code concord.integrations.streaming.provider} names it. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(StreamingSettings.class)
class StreamingProviders {

    @Bean
    StreamingAccounts streamingAccounts(
            StreamingSettings settings, JsonMapper mapper, ObjectProvider<WebClient.Builder> builders) {
        return switch (settings.provider()) {
            case "catalogue" -> CatalogueStreamingAccounts.load(mapper);
            case "http" -> new HttpStreamingAccounts(builders.getIfAvailable(WebClient::builder), settings.http());
            default ->
                throw new IllegalStateException(
                        "concord.integrations.streaming.provider must be catalogue or http, not "
                                + settings.provider());
        };
    }
}
