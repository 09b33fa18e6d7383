package dev.concord.webhook.webhooks;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** Webhooks as executing them and managing their messages needs them: by id and token, nothing else. */
@Component
public final class ExecutableWebhooks {

    /** A webhook that posts: where, as whom, and whether an application owns it (which may send components). */
    public record Webhook(
            Snowflake id,
            Snowflake guildId,
            Snowflake channelId,
            @Nullable Snowflake applicationId,
            String name,
            @Nullable String avatar) {}

    private final WebhookStore store;

    ExecutableWebhooks(WebhookStore store) {
        this.store = store;
    }

    /** The webhook whose token this is: 404 10015 for no such webhook, 401 50027 for another token. */
    public Mono<Webhook> withToken(Snowflake id, String token) {
        return store.find(id)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.WEBHOOK)))
                .map(row -> row.requireToken(token))
                .map(row -> new Webhook(
                        row.id(), row.guildId(), row.channelId(), row.applicationId(), row.name(), row.avatar()));
    }
}
