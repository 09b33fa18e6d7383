package dev.concord.webhook.messages;

import dev.concord.platform.ids.Snowflake;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Poll votes ({@code poll_votes}): a person's answers to a poll, and each poll shown with its results,
 * the votes of a whole page counted in one query.
 */
@Component
class PollVotes {

    /** One answer's votes, and whether the reader is among them. */
    record Count(int answerId, long count, boolean meVoted) {}

    private final DatabaseClient db;

    PollVotes(DatabaseClient db) {
        this.db = db;
    }

    /** The votes of these polls' answers, by message; {@code reader}'s own marked. */
    Mono<Map<Snowflake, Map<Integer, Count>>> counts(List<Snowflake> messageIds, @Nullable Snowflake reader) {
        if (messageIds.isEmpty()) {
            return Mono.just(Map.of());
        }
        return db.sql("""
                        SELECT message_id, answer_id, count(*) AS votes, bool_or(user_id = :reader) AS mine
                        FROM poll_votes WHERE message_id = ANY(:ids) GROUP BY message_id, answer_id""")
                .bind("ids", messageIds.stream().map(Snowflake::value).toArray(Long[]::new))
                .bind("reader", reader == null ? 0L : reader.value())
                .map(row -> Map.entry(
                        Snowflake.of(Objects.requireNonNull(row.get("message_id", Long.class))),
                        new Count(
                                Objects.requireNonNull(row.get("answer_id", Number.class))
                                        .intValue(),
                                Objects.requireNonNull(row.get("votes", Number.class))
                                        .longValue(),
                                Boolean.TRUE.equals(row.get("mine", Boolean.class)))))
                .all()
                .collect(HashMap::new, (byMessage, entry) -> byMessage
                        .computeIfAbsent(entry.getKey(), id -> new HashMap<>())
                        .put(entry.getValue().answerId(), entry.getValue()));
    }

    /** The user's answers to the poll. */
    Flux<Integer> answersOf(Snowflake messageId, Snowflake userId) {
        return db.sql("SELECT answer_id FROM poll_votes WHERE message_id = :message AND user_id = :user")
                .bind("message", messageId.value())
                .bind("user", userId.value())
                .map(row -> Objects.requireNonNull(row.get("answer_id", Number.class))
                        .intValue())
                .all();
    }

    /** Replaces the user's answers to the poll with {@code answerIds}. */
    Mono<Void> replace(Snowflake channelId, Snowflake messageId, Snowflake userId, List<Integer> answerIds) {
        return db.sql("""
                        WITH gone AS (
                            DELETE FROM poll_votes WHERE message_id = :message AND user_id = :user
                                AND NOT (answer_id = ANY(:answers)))
                        INSERT INTO poll_votes (message_id, user_id, answer_id, channel_id)
                        SELECT :message, :user, answer, :channel FROM unnest(:answers) AS answer
                        ON CONFLICT DO NOTHING""")
                .bind("message", messageId.value())
                .bind("user", userId.value())
                .bind("channel", channelId.value())
                .bind("answers", answerIds.stream().map(Integer::shortValue).toArray(Short[]::new))
                .then();
    }

    /** An answer's voters after {@code after}, in id order. */
    Flux<Snowflake> voters(Snowflake messageId, int answerId, long after, int limit) {
        return db.sql("""
                        SELECT user_id FROM poll_votes WHERE message_id = :message AND answer_id = :answer
                            AND user_id > :after ORDER BY user_id LIMIT :limit""")
                .bind("message", messageId.value())
                .bind("answer", (short) answerId)
                .bind("after", after)
                .bind("limit", limit)
                .map(row -> Snowflake.of(Objects.requireNonNull(row.get("user_id", Long.class))))
                .all();
    }

    /**
     * The stored poll as clients read it: with {@code results}, every answer's count and whether the reader
     * voted for it, final once the poll has expired.
     */
    static JsonNode shown(JsonNode stored, Map<Integer, Count> counts, Instant now) {
        ObjectNode poll = ((ObjectNode) stored).deepCopy();
        ObjectNode results = poll.putObject("results");
        results.put("is_finalized", isExpired(stored, now));
        var answerCounts = results.putArray("answer_counts");
        for (JsonNode answer : stored.path("answers")) {
            int id = answer.path("answer_id").asInt();
            Count count = counts.get(id);
            ObjectNode entry = answerCounts.addObject();
            entry.put("id", id);
            entry.put("count", count == null ? 0 : count.count());
            entry.put("me_voted", count != null && count.meVoted());
        }
        return poll;
    }

    static boolean isExpired(JsonNode stored, Instant now) {
        return !Instant.parse(stored.path("expiry").asString()).isAfter(now);
    }
}
