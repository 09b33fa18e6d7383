package dev.concord.webhook.messages;

import static dev.concord.platform.events.EventTypes.CALL_CREATE;
import static dev.concord.platform.events.EventTypes.CALL_DELETE;
import static dev.concord.platform.events.EventTypes.VOICE_STATE_UPDATE;

import dev.concord.platform.events.EventConsumer;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.events.EventSubscriber;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiException;
import dev.concord.webhook.messages.MessageEvents.EventMembers;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * A DM call's system message (type 3 CALL), kept from guild-service's call events on guild.events, which
 * arrive in order per channel: CALL_CREATE posts it under the id the event names, by the caller (the first
 * voice state), with MESSAGE_CREATE; each VOICE_STATE_UPDATE into the call adds its user to the
 * participants; CALL_DELETE ends it at the event's time, with MESSAGE_UPDATE. Each step does nothing when
 * done before, so an event handled twice changes nothing.
 */
@Component
final class CallMessages extends EventConsumer {

    static final String TOPIC = "guild.events";

    private static final Logger log = LoggerFactory.getLogger(CallMessages.class);

    private final EventSubscriber subscriber;
    private final CallRecords calls;
    private final ChannelAccess access;
    private final MessageService messages;
    private final MessageStore store;
    private final MessageViews views;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final String groupId;

    CallMessages(
            EventSubscriber subscriber,
            CallRecords calls,
            ChannelAccess access,
            MessageService messages,
            MessageStore store,
            MessageViews views,
            Outbox outbox,
            TransactionalOperator transactions,
            @Value("${spring.application.name}") String serviceName) {
        this.subscriber = subscriber;
        this.calls = calls;
        this.access = access;
        this.messages = messages;
        this.store = store;
        this.views = views;
        this.outbox = outbox;
        this.transactions = transactions;
        this.groupId = serviceName + ".call-messages";
    }

    @Override
    protected Disposable subscribe() {
        return subscriber.subscribe(groupId, List.of(TOPIC), EventSubscriber.StartFrom.EARLIEST, this::apply);
    }

    Mono<Void> apply(EventEnvelope event) {
        JsonNode data = event.data();
        Mono<Void> applied =
                switch (event.type()) {
                    case CALL_CREATE -> started(data);
                    case VOICE_STATE_UPDATE -> joined(data);
                    case CALL_DELETE -> {
                        Snowflake channelId = id(data.path("channel_id"));
                        yield channelId == null ? Mono.empty() : ended(channelId, event);
                    }
                    default -> Mono.empty();
                };
        // A channel gone meanwhile (a group deleted) has no message to keep: the event is done with.
        return applied.onErrorResume(ApiException.class, e -> {
            log.info("Call event {} of a channel no longer there: {}", event.id(), e.getMessage());
            return Mono.empty();
        });
    }

    private Mono<Void> started(JsonNode data) {
        Snowflake channelId = id(data.path("channel_id"));
        Snowflake messageId = id(data.path("message_id"));
        Snowflake callerId = id(data.path("voice_states").path(0).path("user_id"));
        if (channelId == null || messageId == null || callerId == null) {
            return Mono.empty();
        }
        // The call's row first, so the message's MESSAGE_CREATE shows it; its key to the message is checked at commit.
        return access.asPlatformInPrivateChannel(channelId, callerId)
                .flatMap(in -> transactions.transactional(calls.start(channelId, messageId, callerId)
                        .filter(Boolean::booleanValue)
                        .flatMap(first ->
                                messages.postSystemMessage(in, MessageRow.call(messageId, channelId, callerId)))
                        .then()));
    }

    /** A call's voice state (no guild) with a channel: its user is in the call. */
    private Mono<Void> joined(JsonNode data) {
        Snowflake channelId = id(data.path("channel_id"));
        Snowflake userId = id(data.path("user_id"));
        if (id(data.path("guild_id")) != null || channelId == null || userId == null) {
            return Mono.empty();
        }
        return calls.joined(channelId, userId);
    }

    private Mono<Void> ended(Snowflake channelId, EventEnvelope event) {
        return transactions.transactional(
                calls.end(channelId, event.occurredAt().toInstant())
                        .flatMap(messageId -> store.find(channelId, messageId))
                        .flatMap(row -> access.asPlatformInPrivateChannel(channelId, row.authorId())
                                .flatMap(in -> views.one(row, false)
                                        .flatMap(message -> outbox.append(
                                                MessageEvents.updated(in.place(), message, EventMembers.NONE))))));
    }

    /** The id a field holds, or null when it holds none: another service's event must not stop us. */
    private static @Nullable Snowflake id(JsonNode value) {
        return Snowflake.parseOrNull(value.isString() ? value.asString() : null);
    }
}
