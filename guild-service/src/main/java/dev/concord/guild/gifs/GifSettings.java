package dev.concord.guild.gifs;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code concord.gifs} in application.yml.
 *
 * @param provider {@code catalogue} (the shipped offline catalogue) or {@code tenor}
 * @param mediaBaseUrl where clients fetch the catalogue's media: the edge's (or its CDN's) {@code /gifs/media}
 * @param terms how search terms and choices are counted
 * @param tenor the Tenor-v2 compatible service, when {@code provider} is {@code tenor}
 */
@ConfigurationProperties("concord.gifs")
record GifSettings(
        @DefaultValue("catalogue") String provider,
        @DefaultValue("http://localhost:8080/gifs/media") String mediaBaseUrl,
        @DefaultValue Terms terms,
        @DefaultValue Tenor tenor) {

    /**
     * @param window how far back use counts at all
     * @param halfLife how fast it fades: a search this long ago weighs half a search now
     * @param termsPerHour the most distinct terms an hour keeps per language (the rarest go first), so a flood of
     *     one-off searches cannot grow Redis without bound
     */
    record Terms(
            @DefaultValue("PT24H") Duration window,
            @DefaultValue("PT6H") Duration halfLife,
            @DefaultValue("500") int termsPerHour) {}

    /**
     * @param baseUrl the API's root, e.g. {@code https://tenor.googleapis.com/v2}
     * @param key the API key, from the environment only; never logged
     * @param clientKey names this integration to the provider
     * @param timeout how long one call may take before the caller gets a 502
     */
    record Tenor(
            @DefaultValue("https://tenor.googleapis.com/v2") String baseUrl,
            @DefaultValue("") String key,
            @DefaultValue("concord") String clientKey,
            @DefaultValue("PT3S") Duration timeout) {

        /** Keeps the key out of logs and error messages that print the settings. */
        @Override
        public String toString() {
            return "Tenor[baseUrl=" + baseUrl + ", key=" + (key.isEmpty() ? "" : "***") + ", clientKey=" + clientKey
                    + ", timeout=" + timeout + "]";
        }
    }
}
