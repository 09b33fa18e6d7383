package dev.concord.webhook.messages;

import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Unknown;
import dev.concord.webhook.messages.MessageEvents.EventMembers;
import dev.concord.webhook.webhooks.ExecutableWebhooks;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Publishing a message of an announcement channel ({@code POST .../messages/{id}/crosspost}): each channel
 * follower webhook of the channel posts a copy in the channel that follows it (MESSAGE_CREATE there), and
 * the original is marked CROSSPOSTED (MESSAGE_UPDATE), all in one transaction.
 */
@Component
class MessageCrossposts {

    private static final int ANNOUNCEMENT = 5;

    private final ChannelAccess access;
    private final MessageStore store;
    private final MessageViews views;
    private final ExecutableWebhooks webhooks;
    private final RecentMessages recent;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final SnowflakeGenerator ids;
    private final JsonMapper mapper;

    MessageCrossposts(
            ChannelAccess access,
            MessageStore store,
            MessageViews views,
            ExecutableWebhooks webhooks,
            RecentMessages recent,
            Outbox outbox,
            TransactionalOperator transactions,
            SnowflakeGenerator ids,
            JsonMapper mapper) {
        this.access = access;
        this.store = store;
        this.views = views;
        this.webhooks = webhooks;
        this.recent = recent;
        this.outbox = outbox;
        this.transactions = transactions;
        this.ids = ids;
        this.mapper = mapper;
    }

    /**
     * Publishes the message: its author with SEND_MESSAGES, anyone else with MANAGE_MESSAGES; 50024 outside
     * an announcement channel, 40033 once published.
     */
    Mono<MessageData> crosspost(Snowflake channelId, Snowflake messageId, Snowflake userId) {
        return access.load(channelId, userId).flatMap(in -> {
            if (in.place().type() != ANNOUNCEMENT) {
                throw new ApiException(HttpStatus.BAD_REQUEST, 50024, "Cannot execute action on this channel type");
            }
            return store.find(channelId, messageId)
                    .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.MESSAGE)))
                    .flatMap(row -> {
                        in.require(
                                row.authorId().equals(userId) ? Permission.SEND_MESSAGES : Permission.MANAGE_MESSAGES);
                        Mono<MessageData> published = store.markCrossposted(channelId, messageId)
                                .switchIfEmpty(Mono.error(() -> new ApiException(
                                        HttpStatus.BAD_REQUEST, 40033, "This message has already been crossposted.")))
                                .flatMap(marked -> views.one(marked, false)
                                        .flatMap(message -> access.eventMembers(in, message.mentions())
                                                .flatMap(members -> outbox.append(
                                                        MessageEvents.updated(in.place(), message, members)))
                                                .then(copies(marked))
                                                .thenReturn(message)));
                        return transactions.transactional(published).doOnSuccess(message -> recent.forget(channelId));
                    });
        });
    }

    /** A copy for each follower webhook, with its MESSAGE_CREATE in the webhook's channel. */
    /**
     * A copy in each follower's channel, as its follower webhook: all stored in one statement and their
     * MESSAGE_CREATEs in one more, however many followers.
     */
    private Mono<Void> copies(MessageRow original) {
        JsonNode reference = mapper.valueToTree(MessageReference.replyTo(original));
        return webhooks.following(original.channelId())
                .concatMap(webhook -> access.asWebhook(webhook.channelId(), webhook.id())
                        .flatMap(target -> {
                            MessageRow copy = original.crosspostAs(
                                    ids.next(),
                                    webhook.channelId(),
                                    webhook.guildId(),
                                    webhook.id(),
                                    new MessageRow.WebhookAuthor(webhook.name(), webhook.avatar()),
                                    reference);
                            return views.one(copy, false)
                                    .map(message -> new Copy(
                                            copy, MessageEvents.created(target.place(), message, EventMembers.NONE)));
                        }))
                .collectList()
                .flatMap(copies -> store.insertCopies(
                                copies.stream().map(Copy::row).toList())
                        .then(outbox.appendAll(
                                copies.stream().map(Copy::created).toList()))
                        .doOnSuccess(posted ->
                                copies.forEach(copy -> recent.forget(copy.row().channelId()))));
    }

    /** A follower's copy and its MESSAGE_CREATE. */
    private record Copy(MessageRow row, DomainEvent created) {}
}
