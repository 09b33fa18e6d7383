package dev.concord.webhook.messages;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Rows become the messages clients read: the authors and mentioned users of a whole page in one lookup,
 * and the messages replies answer in one more query, never one per message.
 */
@Component
final class MessageViews {

    private final MessageStore store;
    private final UserDirectory users;

    MessageViews(MessageStore store, UserDirectory users) {
        this.store = store;
        this.users = users;
    }

    /** One message as its sender gets it back (with its nonce) or as anyone reads it. */
    Mono<MessageData> one(MessageRow row, boolean withNonce) {
        return page(List.of(row), withNonce).map(page -> page.get(0));
    }

    /** The rows, in their order. */
    Mono<List<MessageData>> page(List<MessageRow> rows, boolean withNonce) {
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
                    answeredById.put(row.id(), MessageData.of(row, known, false, Possible.absent()));
                }
                return rows.stream()
                        .map(row -> MessageData.of(row, known, withNonce, referenced(row, answeredById)))
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

    /** A reply's replied-to message, or null when it is gone; nothing for a message that is no reply. */
    private static Possible<Optional<MessageData>> referenced(MessageRow row, Map<Snowflake, MessageData> answered) {
        Snowflake repliedTo = row.repliedTo();
        if (repliedTo == null || row.type() != MessageRow.REPLY) {
            return Possible.absent();
        }
        return Possible.of(Optional.ofNullable(answered.get(repliedTo)));
    }
}
