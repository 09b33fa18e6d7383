package dev.concord.platform.auth;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpHeaders;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * WebClients for another service's {@code /internal/**} routes: the application's builder (its codecs and
 * metrics), the other service's base URL, and the internal credential on every request.
 */
public final class InternalClients {

    private InternalClients() {}

    /**
     * The client, or null when the URL or the secret is unset: the caller then answers as the platform does
     * for a feature that is not available here.
     */
    public static @Nullable WebClient orNull(
            ObjectProvider<WebClient.Builder> builders, String baseUrl, String secret) {
        return baseUrl.isBlank() || secret.isBlank() ? null : build(builders, baseUrl, secret);
    }

    /**
     * The client of a service this one cannot work without: a missing URL or secret stops the start-up with
     * {@code why}, which names the settings.
     */
    public static WebClient required(
            ObjectProvider<WebClient.Builder> builders, String baseUrl, String secret, String why) {
        if (baseUrl.isBlank() || secret.isBlank()) {
            throw new IllegalStateException(why);
        }
        return build(builders, baseUrl, secret);
    }

    private static WebClient build(ObjectProvider<WebClient.Builder> builders, String baseUrl, String secret) {
        return builders.getIfAvailable(WebClient::builder)
                .clone()
                .baseUrl(baseUrl)
                .defaultHeader(HttpHeaders.AUTHORIZATION, InternalCredential.header(secret))
                .build();
    }
}
