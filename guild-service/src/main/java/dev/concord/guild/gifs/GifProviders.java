package dev.concord.guild.gifs;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * The one {@link GifProvider} of the service, as {@code concord.gifs.provider} names it. Tenor needs its key
 * (from the environment, {@code CONCORD_GIFS_TENOR_KEY}); a Tenor provider configured without one stops the
 * service at startup rather than failing every search later.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(GifSettings.class)
class GifProviders {

    @Bean
    GifProvider gifProvider(GifSettings settings, GifCatalogue catalogue, ObjectProvider<WebClient.Builder> builders) {
        return switch (settings.provider()) {
            case "catalogue" -> new CatalogueGifProvider(catalogue, settings.mediaBaseUrl());
            case "tenor" -> {
                if (settings.tenor().key().isBlank()) {
                    throw new IllegalStateException(
                            "concord.gifs.provider is tenor but concord.gifs.tenor.key (CONCORD_GIFS_TENOR_KEY) is not set");
                }
                yield new TenorGifProvider(builders.getIfAvailable(WebClient::builder), settings.tenor());
            }
            default ->
                throw new IllegalStateException(
                        "concord.gifs.provider must be catalogue or tenor, not " + settings.provider());
        };
    }
}
