package dev.concord.platform.users;

import dev.concord.platform.auth.InternalClients;
import dev.concord.platform.ids.Snowflake;
import java.time.Duration;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * social-service's internal answers to "may this user DM that one" ({@code GET /internal/users/{id}/
 * direct-message-policy}, docs/internal-api.md): webhook-service asks it for every DM sent, guild-service
 * whether a group DM's recipients are the adder's friends; and whom a stream's going live notifies
 * ({@code stream-audience}). Not cached: a block must stop the very next message. A bean where {@code concord.social.base-url} is set (UsersAutoConfiguration).
 */
public final class SocialPolicies {

    static final Duration TIMEOUT = Duration.ofSeconds(2);

    /** What decides a DM from someone: a block either way, a friendship, the guilds the recipient closed. */
    public record DirectMessages(boolean blocked, boolean friends, List<Snowflake> restrictedGuildIds) {}

    private final WebClient client;

    SocialPolicies(ObjectProvider<WebClient.Builder> builders, String baseUrl, String secret) {
        this.client = InternalClients.required(
                builders,
                baseUrl,
                secret,
                "concord.social.base-url (env CONCORD_SOCIAL_URL) and concord.auth.internal-secret must be set: "
                        + "DMs are checked against social-service");
    }

    /**
     * Whom {@code streamer} going live may notify ({@code GET /internal/users/{id}/stream-audience}): their
     * friends with stream notifications on who have not blocked them.
     */
    public Mono<List<Snowflake>> streamAudience(Snowflake streamer) {
        return client.get()
                .uri("/internal/users/{user}/stream-audience", streamer.asString())
                .retrieve()
                .bodyToMono(JsonNode.class)
                .timeout(TIMEOUT)
                .map(body -> body.path("user_ids")
                        .valueStream()
                        .map(id -> Snowflake.parse(id.asString()))
                        .toList());
    }

    /** What {@code recipient}'s relationship and settings say of DMs from {@code author}. */
    public Mono<DirectMessages> directMessages(Snowflake recipient, Snowflake author) {
        return client.get()
                .uri(uri -> uri.path("/internal/users/{user}/direct-message-policy")
                        .queryParam("from", author.asString())
                        .build(recipient.asString()))
                .retrieve()
                .bodyToMono(JsonNode.class)
                .timeout(TIMEOUT)
                .map(body -> new DirectMessages(
                        body.path("blocked").asBoolean(),
                        body.path("friends").asBoolean(),
                        body.path("restricted_guild_ids")
                                .valueStream()
                                .map(id -> Snowflake.parse(id.asString()))
                                .toList()));
    }
}
