package dev.concord.webhook.messages;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import java.time.Clock;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Rows become the messages clients read: the authors and mentioned users of a whole page in one lookup,
 * and the messages replies answer in one more query, never one per message.
 */
@Component
final class MessageViews {

    private final MessageStore store;
    private final UserDirectory users;
    private final PollVotes votes;
    private final Reactions reactions;
    private final CallRecords calls;
    private final Clock clock;

    MessageViews(
            MessageStore store,
            UserDirectory users,
            PollVotes votes,
            Reactions reactions,
            CallRecords calls,
            Clock clock) {
        this.store = store;
        this.users = users;
        this.votes = votes;
        this.reactions = reactions;
        this.calls = calls;
        this.clock = clock;
    }

    /** One message as its sender gets it back (with its nonce) or as anyone reads it. */
    Mono<MessageData> one(MessageRow row, boolean withNonce) {
        return one(row, withNonce, null);
    }

    /** One message as {@code reader} reads it (a poll shows the answers they chose). */
    Mono<MessageData> one(MessageRow row, boolean withNonce, @Nullable Snowflake reader) {
        return page(List.of(row), withNonce, reader).map(page -> page.get(0));
    }

    /**
     * The rows, in their order, as {@code reader} reads them (null: as everyone does, as an event is
     * sent); the votes of the page's polls are counted in one more query, its reactions in one more, and
     * the calls of its call messages (when it has any) in one more.
     */
    Mono<List<MessageData>> page(List<MessageRow> rows, boolean withNonce, @Nullable Snowflake reader) {
        List<Snowflake> polls = rows.stream()
                .filter(row -> row.poll() != null)
                .map(MessageRow::id)
                .toList();
        List<Snowflake> ids = rows.stream().map(MessageRow::id).toList();
        List<Snowflake> callIds = rows.stream()
                .filter(row -> row.type() == MessageRow.CALL)
                .map(MessageRow::id)
                .toList();
        // One after the other: inside a transaction they would share its one connection anyway.
        return votes.counts(polls, reader)
                .flatMap(counts -> reactions.counts(ids, reader).flatMap(reacted -> calls.find(callIds)
                        .flatMap(called -> page(rows, withNonce, counts, reacted, called))));
    }

    private Mono<List<MessageData>> page(
            List<MessageRow> rows,
            boolean withNonce,
            Map<Snowflake, Map<Integer, PollVotes.Count>> counts,
            Map<Snowflake, List<Reactions.Count>> reacted,
            Map<Snowflake, JsonNode> called) {
        if (rows.isEmpty()) {
            return Mono.just(List.of());
        }
        Snowflake channelId = rows.get(0).channelId();
        List<Snowflake> replied = rows.stream()
                .map(MessageRow::repliedTo)
                .filter(Objects::nonNull)
                .distinct()
                .toList();
        Mono<List<MessageRow>> referenced = replied.isEmpty()
                ? Mono.just(List.of())
                : store.findAll(channelId, replied).collectList();
        return referenced.flatMap(answered -> {
            Set<Snowflake> userIds = new LinkedHashSet<>();
            for (MessageRow row : rows) {
                addUsers(userIds, row);
            }
            for (MessageRow row : answered) {
                addUsers(userIds, row);
            }
            return users.findAll(userIds).collectMap(PartialUser::id).map(known -> {
                Map<Snowflake, MessageData> answeredById = new HashMap<>();
                for (MessageRow row : answered) {
                    answeredById.put(
                            row.id(), MessageData.of(row, known, false, Possible.absent(), null, null, List.of()));
                }
                return rows.stream()
                        .map(row -> MessageData.of(
                                row,
                                known,
                                withNonce,
                                referenced(row, answeredById),
                                poll(row, counts),
                                called.get(row.id()),
                                reacted.getOrDefault(row.id(), List.of()).stream()
                                        .map(ReactionView::of)
                                        .toList()))
                        .toList();
            });
        });
    }

    /**
     * The users a row names: its mentions and its author, unless a webhook wrote it (the webhook, no user,
     * is its author, shown as the row keeps it: looking it up would miss every cache and ask for nothing).
     */
    private static void addUsers(Set<Snowflake> userIds, MessageRow row) {
        if (row.webhookAuthor() == null) {
            userIds.add(row.authorId());
        }
        userIds.addAll(row.mentionIds());
    }

    private @Nullable JsonNode poll(MessageRow row, Map<Snowflake, Map<Integer, PollVotes.Count>> counts) {
        JsonNode stored = row.poll();
        return stored == null
                ? null
                : PollVotes.shown(stored, counts.getOrDefault(row.id(), Map.of()), clock.instant());
    }

    /** A reply's replied-to message, or null when it is gone; nothing for a message that is no reply. */
    private static Possible<Optional<MessageData>> referenced(MessageRow row, Map<Snowflake, MessageData> answered) {
        Snowflake repliedTo = row.repliedTo();
        if (repliedTo == null || row.type() != MessageRow.REPLY) {
            return Possible.absent();
        }
        return Possible.of(Optional.ofNullable(answered.get(repliedTo)));
    }
}
