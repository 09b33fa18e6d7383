package dev.concord.remoteauth.oauth2;

import dev.concord.platform.auth.InternalClients;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.InternalApiErrors;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * The {@code webhook.incoming} scope: the person picks a channel on the consent screen and webhook-service
 * makes an incoming webhook of the application there ({@code POST /internal/channels/{id}/webhooks},
 * docs/internal-api.md), checking that they hold MANAGE_WEBHOOKS. Without webhook-service configured
 * ({@code concord.webhooks.base-url}) the scope is refused.
 */
@Component
class IncomingWebhooks {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final @Nullable WebClient client;

    IncomingWebhooks(
            @Value("${concord.webhooks.base-url:}") String baseUrl,
            @Value("${concord.auth.internal-secret:}") String secret,
            ObjectProvider<WebClient.Builder> builders) {
        this.client = InternalClients.orNull(builders, baseUrl, secret);
    }

    boolean available() {
        return client != null;
    }

    /**
     * The webhook made for the application in the channel, with its token and URL; webhook-service's
     * refusals (10003, 50001, 50013, 50024, 30007) come as {@code ApiException}s with its status and code.
     */
    Mono<JsonNode> create(Snowflake channelId, Snowflake userId, Snowflake applicationId, String name) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("user_id", userId.asString());
        body.put("application_id", applicationId.asString());
        body.put("name", name);
        return Objects.requireNonNull(client, "webhook-service is not configured")
                .post()
                .uri("/internal/channels/{channelId}/webhooks", channelId.asString())
                .contentType(MediaType.APPLICATION_JSON)
                .accept(MediaType.APPLICATION_JSON)
                .bodyValue(body)
                .retrieve()
                .onStatus(status -> !status.is2xxSuccessful(), InternalApiErrors::of)
                .bodyToMono(JsonNode.class)
                .timeout(TIMEOUT);
    }
}
