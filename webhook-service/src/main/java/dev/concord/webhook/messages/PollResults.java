package dev.concord.webhook.messages;

import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
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
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A poll's end, as the platform shows it: MESSAGE_UPDATE of the poll with its results final, and a result
 * message (type 46, by the poll's author, referencing it) whose one {@code poll_result} embed carries the
 * question, the winning answer and the counts as fields. Posted when the author ends it and, for polls
 * that run out, by a sweep every few seconds (each poll claimed once, whichever instance sweeps).
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
                .transactional(store.claimEndedPolls(clock.instant(), batch).concatMap(this::post))
                .count());
    }

    /** Within the caller's transaction: the ended poll's MESSAGE_UPDATE and its result message. */
    Mono<MessageRow> post(MessageRow poll) {
        Snowflake channelId = poll.channelId();
        return Mono.zip(
                        access.asWebhook(channelId, poll.authorId()),
                        votes.counts(List.of(poll.id()), null).map(counts -> counts.getOrDefault(poll.id(), Map.of())))
                .flatMap(found -> {
                    MessageRow result = poll.pollResult(
                            ids.next(),
                            embeds(Objects.requireNonNull(poll.poll()), found.getT2()),
                            mapper.valueToTree(MessageReference.replyTo(poll)));
                    Mono<Void> updated = views.one(poll, false)
                            .flatMap(message -> outbox.append(
                                    MessageEvents.updated(found.getT1().place(), message, EventMembers.NONE)));
                    Mono<Void> created = views.one(result, false).flatMap(message -> outbox.appendForEachRow(
                                    store.insertion(result),
                                    MessageEvents.created(found.getT1().place(), message, EventMembers.NONE))
                            .then());
                    return updated.then(created).thenReturn(poll);
                })
                .doOnSuccess(ended -> recent.forget(channelId));
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
