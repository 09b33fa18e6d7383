package dev.concord.webhook.messages;

import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.QueryParams;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import dev.concord.webhook.attachments.Attachments;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Interactions through HTTP: a person uses a component ({@code POST /interactions}); the application
 * answers ({@code POST /interactions/{id}/{token}/callback}) and, with the interaction's token as its
 * webhook's for 15 minutes, reads, edits and deletes its answer ({@code @original}) and sends follow-ups
 * ({@code /webhooks/{application.id}/{interaction.token}}).
 */
@Component
final class InteractionHandler {

    /** How long an interaction's token works for follow-ups and edits. */
    static final Duration TOKEN_LIFETIME = Duration.ofMinutes(15);

    private static final String ORIGINAL = "@original";

    private final InteractionService service;
    private final InteractionAnswers answers;
    private final InteractionStore interactions;
    private final MessageService messages;
    private final Attachments attachments;
    private final SnowflakeGenerator ids;
    private final JsonMapper mapper;
    private final Clock clock;

    InteractionHandler(
            InteractionService service,
            InteractionAnswers answers,
            InteractionStore interactions,
            MessageService messages,
            Attachments attachments,
            SnowflakeGenerator ids,
            JsonMapper mapper,
            Clock clock) {
        this.service = service;
        this.answers = answers;
        this.interactions = interactions;
        this.messages = messages;
        this.attachments = attachments;
        this.ids = ids;
        this.mapper = mapper;
        this.clock = clock;
    }

    /** {@code POST /interactions}: 204 once the interaction is handed to its application. */
    Mono<ServerResponse> create(ServerRequest request) {
        return JsonBodies.checked(request, InteractionRequest.class)
                .flatMap(body -> service.create(Principals.userOrBot(request), body))
                .then(ServerResponse.noContent().build());
    }

    /**
     * {@code POST /interactions/{id}/{token}/callback}: 204, or with {@code with_response=true} the
     * interaction's callback and the message it made or changed. 10062 for a wrong token.
     */
    Mono<ServerResponse> callback(ServerRequest request) {
        boolean withResponse = QueryParams.flag(request, "with_response");
        Snowflake id = PathIds.snowflake(request, "interaction_id");
        String token = request.pathVariable("interaction_token");
        return interactions
                .find(id)
                .filter(row -> InteractionTokens.matches(token, row.tokenHash()))
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.INTERACTION)))
                .flatMap(row -> body(
                        request,
                        row.channelId(),
                        InteractionCallbackRequest.class,
                        () -> InteractionCallbackRequest.EMPTY,
                        (callback, uploads) -> answers.respond(row, callback, uploads)))
                .flatMap(answered -> withResponse
                        ? ServerResponse.ok().bodyValue(callbackResponse(answered))
                        : ServerResponse.noContent().build());
    }

    /**
     * A follow-up message: 204, or the message with {@code wait=true}. A {@code thread_id} posts it into that
     * thread of the interaction's channel (10003 for any other).
     */
    Mono<ServerResponse> followUp(ServerRequest request) {
        boolean wait = QueryParams.flag(request, "wait");
        Snowflake threadId = QueryParams.snowflake(request, "thread_id");
        return answered(request)
                .flatMap(row -> body(
                        request,
                        threadId != null ? threadId : row.channelId(),
                        InteractionMessageRequest.class,
                        () -> InteractionMessageRequest.EMPTY,
                        (body, uploads) -> answers.followUp(row, threadId, body.message(), uploads)))
                .flatMap(message -> wait
                        ? ServerResponse.ok().bodyValue(message)
                        : ServerResponse.noContent().build());
    }

    Mono<ServerResponse> get(ServerRequest request) {
        Snowflake threadId = QueryParams.snowflake(request, "thread_id");
        return answered(request)
                .flatMap(row -> answers.in(row, threadId)
                        .flatMap(in -> messages.getOfApplication(in, row.applicationId(), messageId(request, row))))
                .flatMap(message -> ServerResponse.ok().bodyValue(message));
    }

    Mono<ServerResponse> edit(ServerRequest request) {
        Snowflake threadId = QueryParams.snowflake(request, "thread_id");
        return answered(request)
                .flatMap(row -> answers.in(row, threadId)
                        .flatMap(in -> EditRequests.read(
                                request,
                                in.place().id(),
                                attachments,
                                ids,
                                (body, uploads) -> messages.editOfApplication(
                                        in, row.applicationId(), messageId(request, row), body, uploads))))
                .flatMap(message -> ServerResponse.ok().bodyValue(message));
    }

    Mono<ServerResponse> delete(ServerRequest request) {
        Snowflake threadId = QueryParams.snowflake(request, "thread_id");
        return answered(request)
                .flatMap(row -> answers.in(row, threadId)
                        .flatMap(in -> messages.deleteOfApplication(in, row.applicationId(), messageId(request, row))))
                .then(ServerResponse.noContent().build());
    }

    /**
     * The interaction whose token the webhook path carries, answered and of that application: 10015
     * otherwise, 50027 once the token's 15 minutes are over.
     */
    private Mono<InteractionRow> answered(ServerRequest request) {
        Snowflake applicationId = PathIds.snowflake(request, "application_id");
        String token = request.pathVariable("interaction_token");
        Snowflake id = InteractionTokens.interactionOf(token);
        if (id == null) {
            return Mono.error(ApiErrors.unknown(Unknown.WEBHOOK));
        }
        return interactions
                .find(id)
                .filter(row -> InteractionTokens.matches(token, row.tokenHash())
                        && row.applicationId().equals(applicationId)
                        && row.responseType() != null)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.WEBHOOK)))
                .map(row -> {
                    if (row.createdAt().plus(TOKEN_LIFETIME).isBefore(clock.instant())) {
                        throw new ApiException(HttpStatus.UNAUTHORIZED, 50027, "Invalid Webhook Token");
                    }
                    return row;
                });
    }

    /** {@code @original}: the answer's message (for an update, the message the component is on). */
    private static Snowflake messageId(ServerRequest request, InteractionRow row) {
        String named = request.pathVariable("message_id");
        if (!ORIGINAL.equals(named)) {
            return PathIds.snowflake(request, "message_id");
        }
        Snowflake original = row.originalMessageId();
        if (original == null) {
            throw ApiErrors.unknown(Unknown.MESSAGE);
        }
        return original;
    }

    /** The body, JSON or multipart with files stored in the interaction's channel (dropped if refused). */
    private <T extends Violations.Validatable, R> Mono<R> body(
            ServerRequest request,
            Snowflake channelId,
            Class<T> type,
            Supplier<T> empty,
            BiFunction<T, List<Upload>, Mono<R>> use) {
        if (!MultipartMessage.isMultipart(request)) {
            return JsonBodies.checked(request, type).flatMap(body -> use.apply(body, List.of()));
        }
        return MultipartMessage.read(request, channelId, attachments, ids, type, empty)
                .flatMap(parsed -> use.apply(parsed.body(), parsed.uploads())
                        .onErrorResume(error -> MultipartMessage.discard(channelId, parsed.uploads(), attachments)
                                .then(Mono.error(error))));
    }

    /**
     * The answer to {@code with_response=true}: the interaction as answered and, for a channel message or
     * an update, the resource, its message (a deferred answer has none yet: its placeholder shows only as
     * the interaction's {@code response_message_*}).
     */
    private ObjectNode callbackResponse(InteractionAnswers.Answered answered) {
        InteractionRow row = answered.row();
        @Nullable MessageData message = answered.message();
        ObjectNode body = mapper.createObjectNode();
        ObjectNode interaction = body.putObject("interaction");
        interaction.put("id", row.id().asString());
        interaction.put("type", row.type());
        if (message == null) {
            return body;
        }
        interaction.put("response_message_id", message.id().asString());
        interaction.put("response_message_loading", (message.flags() & MessageRow.LOADING) != 0);
        interaction.put("response_message_ephemeral", (message.flags() & MessageRow.EPHEMERAL) != 0);
        Integer type = row.responseType();
        if (type != null
                && (type == InteractionCallbackRequest.CHANNEL_MESSAGE
                        || type == InteractionCallbackRequest.UPDATE_MESSAGE)) {
            ObjectNode resource = body.putObject("resource");
            resource.put("type", type);
            resource.set("message", mapper.valueToTree(message));
        }
        return body;
    }
}
