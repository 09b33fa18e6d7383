package dev.concord.webhook.webhooks;

import static dev.concord.platform.events.EventTypes.WEBHOOKS_UPDATE;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.concord.platform.events.EventSubscriber.EventSummary;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Webhooks as executing them and managing their messages needs them: by id and token, nothing else. The
 * webhooks executed lately are kept in memory (an execution then costs no query of its own), dropped when
 * this instance changes or deletes one and when any instance's WEBHOOKS_UPDATE names their channel. A read
 * that raced a change answers but is not kept: every change counts a generation, and a row read in an
 * older one is not stored.
 */
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
    private final Cache<Snowflake, WebhookRow> rows = Caffeine.newBuilder()
            .maximumSize(10_000)
            .expireAfterWrite(Duration.ofMinutes(5))
            .build();
    private final AtomicLong generation = new AtomicLong();

    ExecutableWebhooks(WebhookStore store) {
        this.store = store;
    }

    /** The channel follower webhooks an announcement channel's published messages go to (read, not kept). */
    public Flux<Webhook> following(Snowflake sourceChannelId) {
        return store.following(sourceChannelId).map(ExecutableWebhooks::webhook);
    }

    /** The webhook whose token this is: 404 10015 for no such webhook, 401 50027 for another token. */
    public Mono<Webhook> withToken(Snowflake id, String token) {
        WebhookRow kept = rows.getIfPresent(id);
        Mono<WebhookRow> row = kept != null ? Mono.just(kept) : load(id);
        return row.switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.WEBHOOK)))
                .map(found -> found.requireToken(token))
                .map(ExecutableWebhooks::webhook);
    }

    private static Webhook webhook(WebhookRow row) {
        return new Webhook(row.id(), row.guildId(), row.channelId(), row.applicationId(), row.name(), row.avatar());
    }

    /**
     * Another instance changed a webhook of the channel (its WEBHOOKS_UPDATE, keyed by the channel): the
     * channel's are read again.
     */
    public Mono<Void> onEvent(EventSummary event) {
        if (WEBHOOKS_UPDATE.equals(event.type())) {
            Snowflake channelId = Snowflake.parseOrNull(event.key());
            generation.incrementAndGet();
            rows.asMap()
                    .values()
                    .removeIf(row -> channelId == null || row.channelId().equals(channelId));
        }
        return Mono.empty();
    }

    /** This instance changed or deleted the webhook. */
    void forget(Snowflake id) {
        generation.incrementAndGet();
        rows.invalidate(id);
    }

    private Mono<WebhookRow> load(Snowflake id) {
        long readIn = generation.get();
        return store.find(id).doOnNext(found -> {
            if (generation.get() == readIn) {
                rows.put(id, found);
            }
        });
    }
}
