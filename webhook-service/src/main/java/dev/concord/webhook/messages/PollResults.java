package dev.concord.webhook.messages;

import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.service.BatchedSweep;
import dev.concord.webhook.messages.MessageEvents.EventMembers;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A poll's end, as the platform shows it: MESSAGE_UPDATE of the poll with its results final, and a result
 * message (type 46, by the poll's author, referencing it) whose one {@code poll_result} embed carries the
 * question, the winning answer and the counts as fields. Posted when the author ends it and, for polls
 * that run out, by a sweep every few seconds (each poll claimed once, whichever instance sweeps), a batch
 * of polls' counts read in one query and their updates written in one statement.
 */
@Configuration(proxyBeanMethods = false)
class PollResults {

    private static final Duration SWEEP_INTERVAL = Duration.ofSeconds(15);
    private static final int SWEEP_BATCH = 100;

    private final ChannelAccess access;
    private final MessageStore store;
    private final MessageViews views;
    private final PollVotes votes;
    private final RecentMessages recent;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final SnowflakeGenerator ids;
    private final JsonMapper mapper;
    private final Clock clock;

    PollResults(
            ChannelAccess access,
            MessageStore store,
            MessageViews views,
            PollVotes votes,
            RecentMessages recent,
            Outbox outbox,
            TransactionalOperator transactions,
            SnowflakeGenerator ids,
            JsonMapper mapper,
            Clock clock) {
        this.access = access;
        this.store = store;
        this.views = views;
        this.votes = votes;
        this.recent = recent;
        this.outbox = outbox;
        this.transactions = transactions;
        this.ids = ids;
        this.mapper = mapper;
        this.clock = clock;
    }

    @Bean
    BatchedSweep pollEndSweep() {
        return new BatchedSweep("ended polls", SWEEP_INTERVAL, SWEEP_BATCH, batch -> transactions
                .transactional(store.claimEndedPolls(clock.instant(), batch)
                        .collectList()
                        .flatMap(this::postAll))
                .map(posted -> (long) posted.size()));
    }

    /** Within the caller's transaction: the ended poll's MESSAGE_UPDATE and its result message. */
    Mono<MessageRow> post(MessageRow poll) {
        return postAll(List.of(poll)).thenReturn(poll);
    }

    /**
     * Within the caller's transaction, for polls that ended: their counts read at once, their MESSAGE_UPDATEs
     * written in one statement, then each result message with its MESSAGE_CREATE.
     */
    private Mono<List<MessageRow>> postAll(List<MessageRow> polls) {
        if (polls.isEmpty()) {
            return Mono.just(List.of());
        }
        return votes.counts(polls.stream().map(MessageRow::id).toList(), null)
                .flatMap(counts -> Flux.fromIterable(polls)
                        .concatMap(poll -> ended(poll, counts.getOrDefault(poll.id(), Map.of())))
                        .collectList())
                .flatMap(ended -> outbox.appendAll(
                                ended.stream().map(Ended::update).toList())
                        .then(Flux.fromIterable(ended)
                                .concatMap(one -> outbox.appendForEachRow(store.insertion(one.result()), one.created()))
                                .then())
                        .thenReturn(polls))
                .doOnSuccess(posted -> polls.forEach(poll -> recent.forget(poll.channelId())));
    }

    /** What an ended poll posts: its MESSAGE_UPDATE, its result message and that message's MESSAGE_CREATE. */
    private record Ended(DomainEvent update, MessageRow result, DomainEvent created) {}

    private Mono<Ended> ended(MessageRow poll, Map<Integer, PollVotes.Count> counts) {
        MessageRow result = poll.pollResult(
                ids.next(),
                embeds(Objects.requireNonNull(poll.poll()), counts),
                mapper.valueToTree(MessageReference.replyTo(poll)));
        return access.asWebhook(poll.channelId(), poll.authorId())
                .flatMap(in -> Mono.zip(views.one(poll, false), views.one(result, false))
                        .map(messages -> new Ended(
                                MessageEvents.updated(in.place(), messages.getT1(), EventMembers.NONE),
                                result,
                                MessageEvents.created(in.place(), messages.getT2(), EventMembers.NONE))));
    }

    /** The {@code poll_result} embed: the question, the winner (the first answer of the most votes), counts. */
    private ArrayNode embeds(JsonNode poll, Map<Integer, PollVotes.Count> counts) {
        long total = 0;
        JsonNode victor = null;
        long victorVotes = 0;
        for (JsonNode answer : poll.path("answers")) {
            PollVotes.Count count = counts.get(answer.path("answer_id").asInt());
            long answerVotes = count == null ? 0 : count.count();
            total += answerVotes;
            if (answerVotes > victorVotes) {
                victor = answer;
                victorVotes = answerVotes;
            }
        }
        ObjectNode embed = mapper.createObjectNode();
        embed.put("type", "poll_result");
        ArrayNode fields = embed.putArray("fields");
        field(fields, "poll_question_text", poll.at("/question/text").asString());
        field(fields, "victor_answer_votes", Long.toString(victorVotes));
        field(fields, "total_votes", Long.toString(total));
        if (victor != null) {
            field(fields, "victor_answer_id", victor.path("answer_id").asString());
            field(fields, "victor_answer_text", victor.at("/poll_media/text").asString());
            JsonNode emoji = victor.at("/poll_media/emoji");
            if (emoji.isObject()) {
                if (emoji.path("id").isString()) {
                    field(fields, "victor_answer_emoji_id", emoji.path("id").asString());
                }
                if (emoji.path("name").isString()) {
                    field(fields, "victor_answer_emoji_name", emoji.path("name").asString());
                }
            }
        }
        return mapper.createArrayNode().add(embed);
    }

    private static void field(ArrayNode fields, String name, String value) {
        fields.addObject().put("name", name).put("value", value).put("inline", false);
    }
}
