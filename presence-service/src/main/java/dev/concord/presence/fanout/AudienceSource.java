package dev.concord.presence.fanout;

import dev.concord.platform.auth.InternalClients;
import dev.concord.platform.ids.Snowflake;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/** social-service's {@code GET /internal/users/{id}/presence-audience} (docs/internal-api.md). */
@Component
final class AudienceSource {

    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    private final WebClient client;

    AudienceSource(
            ObjectProvider<WebClient.Builder> builders,
            @Value("${concord.social.base-url:}") String baseUrl,
            @Value("${concord.auth.internal-secret:}") String secret) {
        this.client = InternalClients.required(
                builders,
                baseUrl,
                secret,
                "concord.social.base-url (env CONCORD_SOCIAL_URL) and concord.auth.internal-secret must be set: "
                        + "presences go to friends social-service knows");
    }

    Mono<Audience> fetch(Snowflake user) {
        return client.get()
                .uri("/internal/users/{user}/presence-audience", user.asString())
                .retrieve()
                .bodyToMono(JsonNode.class)
                .timeout(TIMEOUT)
                .map(body -> new Audience(
                        ids(body.path("watchers")),
                        ids(body.path("watching")),
                        ids(body.path("friends")),
                        body.path("status").asString("online"),
                        body.path("show_current_game").asBoolean(true),
                        Set.copyOf(ids(body.path("activity_restricted_guild_ids")))));
    }

    private static List<Snowflake> ids(JsonNode list) {
        return list.valueStream().map(id -> Snowflake.parse(id.asString())).collect(Collectors.toList());
    }
}
