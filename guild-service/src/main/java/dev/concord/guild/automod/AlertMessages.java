package dev.concord.guild.automod;

import dev.concord.platform.auth.InternalClients;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.InternalApiErrors;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;

/**
 * webhook-service's routes for auto moderation's messages ({@code /internal/guilds/{id}/auto-moderation/**},
 * docs/internal-api.md): the messages the alert, false alarm and raid endpoints change are stored there, and
 * it publishes their MESSAGE_* events. Its refusals come back as {@link ApiException}s with its status and
 * code, which the endpoints pass on; without webhook-service configured ({@code concord.webhooks.base-url})
 * every call is the platform's 503.
 */
@Component
class AlertMessages {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final @Nullable WebClient client;

    AlertMessages(
            @Value("${concord.webhooks.base-url:}") String baseUrl,
            @Value("${concord.auth.internal-secret:}") String secret,
            ObjectProvider<WebClient.Builder> builders) {
        this.client = InternalClients.orNull(builders, baseUrl, secret);
    }

    Mono<Void> executeAlertAction(Snowflake guildId, Snowflake userId, AlertActionRequest request) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("user_id", userId.asString());
        body.put("channel_id", Objects.requireNonNull(request.channelId()).asString());
        body.put("message_id", Objects.requireNonNull(request.messageId()).asString());
        body.put("alert_action_type", request.alertActionType());
        return call(HttpMethod.POST, guildId, "/alert-actions", body);
    }

    Mono<Void> resolveFalseAlarm(Snowflake guildId, FalseAlarmRequest request) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put(
                "alert_message_id",
                Objects.requireNonNull(request.alertMessageId()).asString());
        body.put("reason", Objects.requireNonNull(request.reason()));
        return call(HttpMethod.POST, guildId, "/false-alarms", body);
    }

    /** A raid's incident notification in {@code channelId}, by the moderator who reported it. */
    Mono<Void> postRaidReport(Snowflake guildId, Snowflake channelId, Snowflake userId, Instant raidAt) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("user_id", userId.asString());
        body.put("channel_id", channelId.asString());
        body.put("raid_type", "JOIN_RAID");
        body.put("raid_datetime", raidAt.toString());
        return call(HttpMethod.POST, guildId, "/incidents", body);
    }

    Mono<Void> clearMentionRaid(Snowflake guildId) {
        return call(HttpMethod.DELETE, guildId, "/mention-raid", null);
    }

    private Mono<Void> call(HttpMethod method, Snowflake guildId, String path, @Nullable Map<String, Object> body) {
        WebClient webhooks = client;
        if (webhooks == null) {
            return Mono.error(new ApiException(HttpStatus.SERVICE_UNAVAILABLE, 0, "503: Service Unavailable"));
        }
        WebClient.RequestBodySpec request = webhooks.method(method)
                .uri("/internal/guilds/{guildId}/auto-moderation" + path, guildId.asString())
                .accept(MediaType.APPLICATION_JSON);
        WebClient.RequestHeadersSpec<?> sent = body == null
                ? request
                : request.contentType(MediaType.APPLICATION_JSON).bodyValue(body);
        return sent.retrieve()
                .onStatus(status -> !status.is2xxSuccessful(), InternalApiErrors::of)
                .toBodilessEntity()
                .timeout(TIMEOUT)
                .then();
    }
}
