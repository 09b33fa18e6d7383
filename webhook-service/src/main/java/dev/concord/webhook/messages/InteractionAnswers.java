package dev.concord.webhook.messages;

import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Unknown;
import dev.concord.webhook.messages.ChannelAccess.InChannel;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * An application answers an interaction, once and within the deadline: a message in the channel, a
 * deferred one (a loading placeholder it edits later), a deferred update, or an update of the message the
 * component is on. The answer is claimed first, so two answers racing make one message; a message that
 * cannot be made gives the claim back. INTERACTION_SUCCESS tells the person.
 */
@Component
class InteractionAnswers {

    /** The interaction as answered, and the message the answer made or changed (none for a deferred update). */
    record Answered(InteractionRow row, @Nullable MessageData message) {}

    private final ChannelAccess access;
    private final MessageService messages;
    private final InteractionStore interactions;
    private final InteractionPayloads payloads;
    private final Outbox outbox;
    private final SnowflakeGenerator ids;
    private final JsonMapper mapper;
    private final Clock clock;
    private final Duration deadline;

    InteractionAnswers(
            ChannelAccess access,
            MessageService messages,
            InteractionStore interactions,
            InteractionPayloads payloads,
            Outbox outbox,
            SnowflakeGenerator ids,
            JsonMapper mapper,
            Clock clock,
            @Value("${concord.interactions.response-deadline:3s}") Duration deadline) {
        this.access = access;
        this.messages = messages;
        this.interactions = interactions;
        this.payloads = payloads;
        this.outbox = outbox;
        this.ids = ids;
        this.mapper = mapper;
        this.clock = clock;
        this.deadline = deadline;
    }

    Mono<Answered> respond(InteractionRow row, InteractionCallbackRequest callback, List<Upload> uploads) {
        return answer(row, callback, uploads)
                .flatMap(answered -> outbox.append(InteractionEvents.succeeded(answered.row()))
                        .thenReturn(answered));
    }

    private Mono<Answered> answer(InteractionRow row, InteractionCallbackRequest callback, List<Upload> uploads) {
        int type = Objects.requireNonNull(callback.type());
        return switch (type) {
            case InteractionCallbackRequest.CHANNEL_MESSAGE -> {
                MessageCreateRequest message = callback.message(mapper).message();
                MessageService.requireSomething(message, uploads);
                Snowflake messageId = ids.next();
                yield claim(row, type, messageId).flatMap(claimed -> send(claimed, messageId, message, uploads, false));
            }
            case InteractionCallbackRequest.DEFERRED_CHANNEL_MESSAGE -> {
                MessageCreateRequest placeholder = callback.message(mapper).placeholder();
                Snowflake messageId = ids.next();
                yield claim(row, type, messageId)
                        .flatMap(claimed -> send(claimed, messageId, placeholder, List.of(), true));
            }
            case InteractionCallbackRequest.UPDATE_MESSAGE -> {
                MessageEditRequest edit = callback.edit(mapper);
                yield claim(row, type, row.messageId()).flatMap(claimed -> in(claimed)
                        .flatMap(in -> messages.editOfApplication(
                                in, claimed.applicationId(), claimed.messageId(), edit, uploads))
                        .map(message -> new Answered(claimed, message))
                        .onErrorResume(failure -> giveBack(claimed, failure)));
            }
            default -> claim(row, type, row.messageId()).map(claimed -> new Answered(claimed, null));
        };
    }

    private Mono<Answered> send(
            InteractionRow row,
            Snowflake messageId,
            MessageCreateRequest message,
            List<Upload> uploads,
            boolean loading) {
        return Mono.zip(in(row), payloads.metadata(row, null))
                .flatMap(found -> messages.sendAsInteraction(
                        messageId, found.getT1(), answer(row, found.getT2()), message, uploads, loading))
                .map(sent -> new Answered(row, sent))
                .onErrorResume(failure -> giveBack(row, failure));
    }

    /** A follow-up message of an answered interaction. */
    Mono<MessageData> followUp(
            InteractionRow row, @Nullable Snowflake threadId, MessageCreateRequest message, List<Upload> uploads) {
        MessageService.requireSomething(message, uploads);
        return Mono.zip(in(row, threadId), payloads.metadata(row, row.originalMessageId()))
                .flatMap(found -> messages.sendAsInteraction(
                        ids.next(), found.getT1(), answer(row, found.getT2()), message, uploads, false));
    }

    /** Where the interaction's answers go: its channel, as the application's webhook there. */
    Mono<InChannel> in(InteractionRow row) {
        return in(row, null);
    }

    /** As above, or with {@code thread_id} a thread of that channel (404 10003 for any other). */
    Mono<InChannel> in(InteractionRow row, @Nullable Snowflake threadId) {
        return threadId == null
                ? access.asWebhook(row.channelId(), row.applicationId())
                : access.asWebhookInThread(row.channelId(), threadId, row.applicationId());
    }

    private static MessageRow.InteractionAnswer answer(InteractionRow row, JsonNode metadata) {
        return new MessageRow.InteractionAnswer(
                Objects.requireNonNull(row.authorId(), "the author, known once delivered"),
                row.shownAuthor(),
                row.applicationId(),
                metadata,
                row.userId());
    }

    /** Claims the one answer: 40060 when it was answered already, 10062 once it failed or its deadline passed. */
    private Mono<InteractionRow> claim(InteractionRow row, int type, Snowflake original) {
        return interactions
                .answer(row.id(), type, original, clock.instant().minus(deadline))
                .switchIfEmpty(Mono.defer(() -> interactions
                        .find(row.id())
                        .flatMap(current -> Mono.error(
                                current.responseType() != null
                                        ? new ApiException(
                                                HttpStatus.BAD_REQUEST,
                                                40060,
                                                "Interaction has already been acknowledged.")
                                        : ApiErrors.unknown(Unknown.INTERACTION)))));
    }

    private <T> Mono<T> giveBack(InteractionRow row, Throwable failure) {
        return interactions.unanswer(row.id()).then(Mono.error(failure));
    }
}
