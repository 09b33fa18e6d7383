package dev.concord.guild.integrations;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code concord.integrations.streaming} in application.yml.
 *
 * @param provider {@code catalogue} (the shipped offline catalogue) or {@code http}
 * @param http the provider's HTTP API, when {@code provider} is {@code http}
 */
@ConfigurationProperties("concord.integrations.streaming")
record StreamingSettings(
        @DefaultValue("catalogue") String provider,
        @DefaultValue Http http) {

    /**
     * @param baseUrl the API's root; accounts are at {@code {baseUrl}/accounts/{service}/{id}}
     * @param token sent as {@code Authorization: Bearer}, from the environment only; never logged
     * @param timeout how long one call may take before the caller gets a 502
     */
    record Http(
            @DefaultValue("http://localhost:8090") String baseUrl,
            @DefaultValue("") String token,
            @DefaultValue("PT3S") Duration timeout) {

        /** Keeps the token out of logs and error messages that print the settings. */
        @Override
        public String toString() {
            return "Http[baseUrl=" + baseUrl + ", token=" + (token.isEmpty() ? "" : "***") + ", timeout=" + timeout
                    + "]";
        }
    }
}
