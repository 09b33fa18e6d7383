package dev.concord.guild.integrations;

import dev.concord.platform.ids.Snowflake;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientResponseException;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * A streaming provider over HTTP: {@code GET {base}/accounts/{service}/{id}} answers {@code {"id", "name"}}
 * (404 when there is no such account) and {@code GET .../subscribers} answers {@code {"subscriber_count",
 * "user_ids"}}. Every call is bounded by {@code concord.integrations.streaming.http.timeout}; a failure, a
 * timeout or an unreadable answer is {@link StreamingProviderUnavailable}, logged without the token.
 */
final class HttpStreamingAccounts implements StreamingAccounts {

    private static final Logger log = LoggerFactory.getLogger(HttpStreamingAccounts.class);

    private final WebClient client;
    private final StreamingSettings.Http settings;

    HttpStreamingAccounts(WebClient.Builder builder, StreamingSettings.Http settings) {
        WebClient.Builder configured = builder.clone().baseUrl(settings.baseUrl());
        if (!settings.token().isEmpty()) {
            configured = configured.defaultHeader(HttpHeaders.AUTHORIZATION, "Bearer " + settings.token());
        }
        this.client = configured.build();
        this.settings = settings;
    }

    @Override
    public Mono<Optional<Account>> find(StreamingService service, String accountId) {
        return get("account", "/accounts/{service}/{id}", service, accountId)
                .map(body -> {
                    String id = text(body, "id");
                    return Optional.of(new Account(id, text(body, "name")));
                })
                .onErrorResume(NoSuchAccount.class, none -> Mono.just(Optional.empty()))
                .onErrorMap(HttpStreamingAccounts::unavailable);
    }

    @Override
    public Mono<Subscribers> subscribers(StreamingService service, String accountId) {
        return get("subscribers", "/accounts/{service}/{id}/subscribers", service, accountId)
                .map(body -> {
                    JsonNode count = body.path("subscriber_count");
                    JsonNode ids = body.path("user_ids");
                    if (!count.isInt() || count.asInt() < 0 || !ids.isArray()) {
                        throw new IllegalArgumentException("subscribers without a count or user ids");
                    }
                    List<Snowflake> userIds = new ArrayList<>();
                    ids.forEach(id -> userIds.add(Snowflake.parse(id.asString())));
                    return new Subscribers(count.asInt(), userIds);
                })
                .onErrorResume(NoSuchAccount.class, none -> Mono.just(new Subscribers(0, List.of())))
                .onErrorMap(HttpStreamingAccounts::unavailable);
    }

    /** The provider has no such account: an answer, not a failure. */
    private static final class NoSuchAccount extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NoSuchAccount() {
            super(null, null, false, false);
        }
    }

    private Mono<JsonNode> get(String what, String path, StreamingService service, String accountId) {
        return client.get()
                .uri(path, service.wireName(), accountId)
                .retrieve()
                .onStatus(
                        status -> status.value() == HttpStatus.NOT_FOUND.value(),
                        answer -> Mono.error(new NoSuchAccount()))
                .bodyToMono(JsonNode.class)
                .switchIfEmpty(Mono.error(() -> new IllegalArgumentException("an empty answer")))
                .timeout(settings.timeout())
                .doOnError(failure -> !(failure instanceof NoSuchAccount), failure -> {
                    String why = failure instanceof WebClientResponseException answer
                            ? "HTTP " + answer.getStatusCode().value()
                            : failure.getClass().getSimpleName();
                    log.warn("Streaming provider's {} failed: {}", what, why);
                });
    }

    private static String text(JsonNode body, String field) {
        JsonNode value = body.path(field);
        if (!value.isString() || value.asString().isEmpty()) {
            throw new IllegalArgumentException("no " + field);
        }
        return value.asString();
    }

    private static Throwable unavailable(Throwable failure) {
        return failure instanceof NoSuchAccount ? failure : StreamingProviderUnavailable.error();
    }
}
