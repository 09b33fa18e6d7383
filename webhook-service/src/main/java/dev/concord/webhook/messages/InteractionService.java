package dev.concord.webhook.messages;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import dev.concord.webhook.messages.ApplicationInteractions.Application;
import dev.concord.webhook.messages.ApplicationInteractions.Delivery;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A person uses a component ({@code POST /interactions}): the interaction is checked against the message
 * it names, stored, and delivered to the message's application, to its interactions endpoint (whose
 * answer is the response) or as INTERACTION_CREATE to its bot, which answers through the callback route.
 * Unanswered after the deadline, the interaction fails: INTERACTION_FAILURE to the person.
 */
@Component
class InteractionService {

    private static final Logger log = LoggerFactory.getLogger(InteractionService.class);

    private final ChannelAccess access;
    private final MessageStore messages;
    private final MessageViews views;
    private final InteractionStore interactions;
    private final InteractionTokens tokens;
    private final InteractionPayloads payloads;
    private final InteractionAnswers answers;
    private final ApplicationInteractions applications;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final SnowflakeGenerator ids;
    private final JsonMapper mapper;
    private final Clock clock;
    private final Duration deadline;

    @SuppressWarnings("ParameterNumber")
    InteractionService(
            ChannelAccess access,
            MessageStore messages,
            MessageViews views,
            InteractionStore interactions,
            InteractionTokens tokens,
            InteractionPayloads payloads,
            InteractionAnswers answers,
            ApplicationInteractions applications,
            Outbox outbox,
            TransactionalOperator transactions,
            SnowflakeGenerator ids,
            JsonMapper mapper,
            Clock clock,
            @Value("${concord.interactions.response-deadline:3s}") Duration deadline) {
        this.access = access;
        this.messages = messages;
        this.views = views;
        this.interactions = interactions;
        this.tokens = tokens;
        this.payloads = payloads;
        this.answers = answers;
        this.applications = applications;
        this.outbox = outbox;
        this.transactions = transactions;
        this.ids = ids;
        this.mapper = mapper;
        this.clock = clock;
        this.deadline = deadline;
    }

    /** Makes and delivers the interaction; completes once it is handed to the application. */
    Mono<Void> create(Principal person, InteractionRequest request) {
        if (person.isBot()) {
            throw new ApiException(HttpStatus.FORBIDDEN, 20001, "Bots cannot use this endpoint");
        }
        Snowflake channelId = Objects.requireNonNull(request.channelId());
        Snowflake messageId = Objects.requireNonNull(request.messageId());
        InteractionRequest.Data data = Objects.requireNonNull(request.data());
        return access.load(channelId, person.userId()).flatMap(in -> {
            in.require(Permission.READ_MESSAGE_HISTORY);
            if (request.guildId() != null && !request.guildId().equals(in.guildId())) {
                throw new Violations()
                        .add("guild_id", "INTERACTION_GUILD_MISMATCH", "The channel is not in this guild.")
                        .toException();
            }
            return messages.find(channelId, messageId)
                    .filter(row -> !row.isEphemeral())
                    .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.MESSAGE)))
                    .flatMap(row -> {
                        if (!Objects.requireNonNull(request.applicationId()).equals(row.applicationId())) {
                            throw new Violations()
                                    .add(
                                            "application_id",
                                            "INTERACTION_APPLICATION_MISMATCH",
                                            "The message's components are not this application's.")
                                    .toException();
                        }
                        ComponentUse.check(row.components(), data);
                        return views.one(row, false);
                    })
                    .flatMap(message -> {
                        Snowflake id = ids.next();
                        String token = tokens.issue(id);
                        InteractionRow made = new InteractionRow(
                                id,
                                Objects.requireNonNull(request.applicationId()),
                                InteractionTokens.hash(token),
                                InteractionRequest.MESSAGE_COMPONENT,
                                person.userId(),
                                channelId,
                                in.guildId(),
                                messageId,
                                request.nonceText(),
                                null,
                                null,
                                null,
                                null,
                                null,
                                false,
                                clock.instant());
                        Mono<Void> stored = transactions.transactional(
                                interactions.insert(made).then(outbox.append(InteractionEvents.created(made))));
                        return stored.then(
                                        payloads.payload(new InteractionPayloads.Made(made, token, in, message, data)))
                                .flatMap(payload -> deliver(made, payload));
                    });
        });
    }

    private Mono<Void> deliver(InteractionRow made, JsonNode payload) {
        return applications
                .deliver(made.applicationId(), payload)
                .flatMap(delivery -> {
                    Application application = delivery.application();
                    Snowflake bot = application.botUserId();
                    Mono<Void> author = bot == null
                            ? interactions.setAuthor(made.id(), application.id(), application.name(), null)
                            : interactions.setAuthor(made.id(), bot, null, null);
                    if (delivery.byEndpoint()) {
                        return author.then(answerFromEndpoint(made, delivery));
                    }
                    if (bot == null) {
                        return author.then(fail(made.id()));
                    }
                    return transactions
                            .transactional(author.then(outbox.append(InteractionEvents.toBot(bot, made.id(), payload))))
                            .doOnSuccess(delivered -> failWhenUnanswered(made.id()));
                })
                .onErrorResume(failure -> fail(made.id()).then(Mono.error(failure)));
    }

    /** The endpoint's answer is the interaction's response: anything but a valid one fails it. */
    private Mono<Void> answerFromEndpoint(InteractionRow made, Delivery delivery) {
        JsonNode response = delivery.response();
        if (!Objects.equals(delivery.endpointStatus(), HttpStatus.OK.value()) || response == null) {
            return fail(made.id());
        }
        return interactions
                .find(made.id())
                .flatMap(row -> answers.respond(
                        row,
                        JsonBodies.checked(
                                mapper.writeValueAsString(response).getBytes(StandardCharsets.UTF_8),
                                InteractionCallbackRequest.class),
                        List.of()))
                .then()
                .onErrorResume(invalid -> fail(made.id()));
    }

    /** After the deadline, an interaction still unanswered fails; nobody waits for this. */
    private void failWhenUnanswered(Snowflake id) {
        Mono.delay(deadline)
                .then(Mono.defer(() -> fail(id)))
                .subscribe(done -> {}, failure -> log.warn("Interaction {} could not be marked failed", id, failure));
    }

    /** Marks the interaction failed unless answered, with INTERACTION_FAILURE to the person. */
    Mono<Void> fail(Snowflake id) {
        return transactions.transactional(interactions
                .fail(id)
                .filter(Boolean::booleanValue)
                .flatMap(failed -> interactions.find(id))
                .flatMap(row -> outbox.append(InteractionEvents.failed(row))));
    }
}
