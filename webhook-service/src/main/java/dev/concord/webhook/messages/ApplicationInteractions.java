package dev.concord.webhook.messages;

import dev.concord.platform.auth.InternalClients;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.InternalApiErrors;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * remote-auth-service's {@code POST /internal/applications/{id}/interactions} (docs/internal-api.md): it
 * holds the application's signing key, so it delivers to an interactions endpoint and passes back what the
 * endpoint answered; for an application without one it names the bot to send INTERACTION_CREATE to.
 */
@Component
class ApplicationInteractions {

    /** The application as its answers show it. */
    record Application(
            Snowflake id,
            String name,
            @Nullable String icon,
            @Nullable Snowflake botUserId) {}

    /**
     * The delivery: {@code endpointStatus} is null when the application has no endpoint (deliver on the
     * gateway), else the endpoint's HTTP status (0 when it did not answer), with its JSON body.
     */
    record Delivery(
            Application application,
            @Nullable Integer endpointStatus,
            @Nullable JsonNode response) {

        boolean byEndpoint() {
            return endpointStatus != null;
        }
    }

    private final @Nullable WebClient client;
    private final Duration timeout;

    ApplicationInteractions(
            ObjectProvider<WebClient.Builder> builders,
            // The same variable that tells the other services where remote-auth-service is.
            @Value("${concord.applications.base-url:${CONCORD_IDENTITY_URL:}}") String baseUrl,
            @Value("${concord.auth.internal-secret:}") String secret,
            // The endpoint has the interaction's three seconds; this leaves room for the hop to it.
            @Value("${concord.applications.timeout:5s}") Duration timeout) {
        this.client = InternalClients.orNull(builders, baseUrl, secret);
        this.timeout = timeout;
    }

    /** Delivers the interaction to its application; 10002 when there is no such application. */
    Mono<Delivery> deliver(Snowflake applicationId, JsonNode interaction) {
        WebClient remoteAuth = client;
        if (remoteAuth == null) {
            return Mono.error(ApplicationInteractions::unavailable);
        }
        return remoteAuth
                .post()
                .uri("/internal/applications/{id}/interactions", applicationId.asString())
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(interaction)
                .exchangeToMono(response -> response.statusCode().is2xxSuccessful()
                        ? response.bodyToMono(JsonNode.class).map(ApplicationInteractions::read)
                        // Its refusal (10002 for an application that is gone) passes on as it is.
                        : InternalApiErrors.of(response).flatMap(Mono::error))
                .timeout(timeout)
                .onErrorMap(failure -> !(failure instanceof ApiException), failure -> unavailable());
    }

    /** remote-auth-service cannot be asked: try again, as the platform's 503 says. */
    private static ApiException unavailable() {
        return new ApiException(HttpStatus.SERVICE_UNAVAILABLE, 0, "503: Service Unavailable");
    }

    private static Delivery read(JsonNode body) {
        JsonNode application = body.path("application");
        JsonNode endpoint = body.path("endpoint");
        JsonNode icon = application.path("icon");
        JsonNode bot = application.path("bot_user_id");
        return new Delivery(
                new Application(
                        Snowflake.parse(application.path("id").asString()),
                        application.path("name").asString(),
                        icon.isString() ? icon.asString() : null,
                        bot.isString() ? Snowflake.parse(bot.asString()) : null),
                endpoint.isObject() ? endpoint.path("status").asInt() : null,
                endpoint.isObject() && endpoint.path("response").isObject() ? endpoint.get("response") : null);
    }
}
