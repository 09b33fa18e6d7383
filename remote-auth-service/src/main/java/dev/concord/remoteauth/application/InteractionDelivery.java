package dev.concord.remoteauth.application;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Hands an interaction to its application (docs/internal-api.md): webhook-service builds it, this service
 * holds the application's signing key. With an interactions endpoint the interaction is POSTed there,
 * signed, and the endpoint's answer (the interaction response) is passed back; without one the answer
 * names the bot, whose gateway sessions webhook-service sends INTERACTION_CREATE to.
 */
@Component
class InteractionDelivery {

    /** The application as the interaction's messages show it. */
    record Application(
            Snowflake id,
            String name,
            @Nullable String icon,
            @Nullable Snowflake botUserId) {}

    /**
     * What the endpoint answered: its HTTP status (0 when it did not answer in time or could not be
     * reached) and its body when that was JSON.
     */
    record EndpointAnswer(int status, @Nullable JsonNode response) {}

    /** The answer: the application, and the endpoint's answer when it has an endpoint (else null). */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    record Delivery(Application application, @Nullable EndpointAnswer endpoint) {}

    private final ApplicationStore store;
    private final InteractionsEndpointCheck check;
    private final SignedPosts posts;
    private final ApplicationSettings settings;
    private final JsonMapper mapper;

    InteractionDelivery(
            ApplicationStore store,
            InteractionsEndpointCheck check,
            SignedPosts posts,
            ApplicationSettings settings,
            JsonMapper mapper) {
        this.store = store;
        this.check = check;
        this.posts = posts;
        this.settings = settings;
        this.mapper = mapper;
    }

    /** Delivers {@code interaction} (its JSON as the application receives it); 10002 for no such application. */
    Mono<Delivery> deliver(Snowflake applicationId, byte[] interaction) {
        return store.find(applicationId)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.APPLICATION)))
                .flatMap(row -> {
                    Application application = new Application(row.id(), row.name(), row.icon(), row.botUserId());
                    String url = row.interactionsEndpointUrl();
                    if (url == null) {
                        return Mono.just(new Delivery(application, null));
                    }
                    return check.allowedHost(url)
                            .then(store.signingKey(applicationId))
                            .flatMap(key -> posts.post(url, interaction, key, false, settings.interactionTimeout()))
                            .map(answer -> new EndpointAnswer(answer.status(), json(answer.body())))
                            // Unreachable, too slow, or no longer an allowed address: the interaction fails.
                            .onErrorResume(unanswered -> Mono.just(new EndpointAnswer(0, null)))
                            .map(answer -> new Delivery(application, answer));
                });
    }

    private @Nullable JsonNode json(String body) {
        try {
            return body.isBlank() ? null : mapper.readTree(body);
        } catch (RuntimeException unreadable) {
            return null;
        }
    }
}
