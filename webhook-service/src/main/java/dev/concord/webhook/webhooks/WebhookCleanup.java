package dev.concord.webhook.webhooks;

import static dev.concord.platform.events.EventTypes.CHANNEL_DELETE;
import static dev.concord.platform.events.EventTypes.INTEGRATION_DELETE;

import dev.concord.platform.events.EventConsumer;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.events.EventSubscriber;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Webhooks go with what they belong to, as guild.events tell: a deleted guild channel takes its webhooks
 * (and their avatars), a removed application integration the application's webhooks in that guild, each
 * channel that had one told by WEBHOOKS_UPDATE. Deleting
 * what is already gone changes nothing, so an event handled twice is harmless.
 */
@Component
final class WebhookCleanup extends EventConsumer {

    static final String TOPIC = "guild.events";

    private final EventSubscriber subscriber;
    private final WebhookStore store;
    private final WebhookAvatars avatars;
    private final ExecutableWebhooks executable;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final String groupId;

    WebhookCleanup(
            EventSubscriber subscriber,
            WebhookStore store,
            WebhookAvatars avatars,
            ExecutableWebhooks executable,
            Outbox outbox,
            TransactionalOperator transactions,
            @Value("${spring.application.name}") String serviceName) {
        this.subscriber = subscriber;
        this.store = store;
        this.avatars = avatars;
        this.executable = executable;
        this.outbox = outbox;
        this.transactions = transactions;
        this.groupId = serviceName + ".webhook-cleanup";
    }

    @Override
    protected Disposable subscribe() {
        return subscriber.subscribe(groupId, List.of(TOPIC), EventSubscriber.StartFrom.EARLIEST, this::apply);
    }

    Mono<Void> apply(EventEnvelope event) {
        JsonNode data = event.data();
        return switch (event.type()) {
            case CHANNEL_DELETE -> {
                Snowflake channelId = id(data.path("id"));
                // A DM's or group's CHANNEL_DELETE (no guild) holds no webhooks.
                yield channelId == null || id(data.path("guild_id")) == null
                        ? Mono.empty()
                        : removeAvatars(store.deleteInChannel(channelId));
            }
            case INTEGRATION_DELETE -> {
                Snowflake guildId = id(data.path("guild_id"));
                Snowflake applicationId = id(data.path("application_id"));
                yield guildId == null || applicationId == null
                        ? Mono.empty()
                        : removeAvatars(deleteOfApplication(guildId, applicationId));
            }
            default -> Mono.empty();
        };
    }

    /**
     * The application's webhooks in the guild, deleted with a WEBHOOKS_UPDATE for each channel that had one,
     * in one transaction: the channels still exist, and clients listing their webhooks must hear it.
     */
    private Flux<WebhookRow> deleteOfApplication(Snowflake guildId, Snowflake applicationId) {
        Mono<List<WebhookRow>> deletion = store.deleteOfApplication(guildId, applicationId)
                .collectList()
                .flatMap(rows -> Flux.fromIterable(rows)
                        .map(WebhookRow::channelId)
                        .distinct()
                        .concatMap(channel -> outbox.append(WebhookEvents.updated(guildId, channel)))
                        .then(Mono.just(rows)));
        return transactions.transactional(deletion).flatMapIterable(rows -> rows);
    }

    private Mono<Void> removeAvatars(Flux<WebhookRow> deleted) {
        return deleted.doOnNext(row -> executable.forget(row.id()))
                .concatMap(row -> avatars.remove(row.id(), row.avatar()))
                .then();
    }

    /** The id a field holds, or null when it holds none: another service's event must not stop us. */
    private static @Nullable Snowflake id(JsonNode value) {
        return Snowflake.parseOrNull(value.isString() ? value.asString() : null);
    }
}
