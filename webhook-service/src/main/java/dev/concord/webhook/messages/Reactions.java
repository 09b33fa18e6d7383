package dev.concord.webhook.messages;

import dev.concord.platform.ids.Snowflake;
import io.r2dbc.spi.Readable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Reactions ({@code message_reactions}): added, taken off, listed by emoji, and counted for a whole page
 * of messages in one query. Each method is one statement.
 */
@Component
class Reactions {

    /** One emoji's reactions to a message, and whether the reader is among them. */
    record Count(@Nullable Snowflake emojiId, String emojiName, boolean animated, long count, boolean me) {}

    private final DatabaseClient db;

    Reactions(DatabaseClient db) {
        this.db = db;
    }

    /**
     * The message row, locked until the transaction ends: reactions to one message are added one after
     * another, so its count of distinct emoji holds. Empty for no such message.
     */
    Mono<Long> lockMessage(Snowflake channelId, Snowflake messageId) {
        return db.sql("SELECT id FROM messages WHERE channel_id = :channel AND id = :id FOR UPDATE")
                .bind("channel", channelId.value())
                .bind("id", messageId.value())
                .map(row -> Objects.requireNonNull(row.get("id", Long.class)))
                .one();
    }

    /** The message's emoji keys, as first added. */
    Mono<List<String>> emojiKeys(Snowflake messageId) {
        return db.sql("""
                        SELECT emoji_key FROM message_reactions WHERE message_id = :message
                        GROUP BY emoji_key ORDER BY min(seq)""")
                .bind("message", messageId.value())
                .map(row -> Objects.requireNonNull(row.get("emoji_key", String.class)))
                .all()
                .collectList();
    }

    /** Adds the user's reaction; false when it was already there. */
    Mono<Boolean> add(
            Snowflake channelId, Snowflake messageId, Snowflake userId, ReactionEmoji emoji, boolean animated) {
        DatabaseClient.GenericExecuteSpec insert = db.sql("""
                        INSERT INTO message_reactions
                            (channel_id, message_id, emoji_key, user_id, emoji_id, emoji_name, emoji_animated)
                        VALUES (:channel, :message, :key, :user, :emoji_id, :name, :animated)
                        ON CONFLICT DO NOTHING""")
                .bind("channel", channelId.value())
                .bind("message", messageId.value())
                .bind("key", emoji.key())
                .bind("user", userId.value())
                .bind("name", emoji.name())
                .bind("animated", animated);
        Snowflake emojiId = emoji.id();
        insert = emojiId == null ? insert.bindNull("emoji_id", Long.class) : insert.bind("emoji_id", emojiId.value());
        return insert.fetch().rowsUpdated().map(rows -> rows > 0);
    }

    /** Takes the user's reaction off: its emoji as stored; empty when there was none. */
    Mono<ReactionView.EmojiView> remove(Snowflake messageId, String emojiKey, Snowflake userId) {
        return db.sql("""
                        DELETE FROM message_reactions
                        WHERE message_id = :message AND emoji_key = :key AND user_id = :user
                        RETURNING emoji_id, emoji_name, emoji_animated""")
                .bind("message", messageId.value())
                .bind("key", emojiKey)
                .bind("user", userId.value())
                .map(Reactions::emoji)
                .one();
    }

    /** Takes every reaction of the message off; how many there were. */
    Mono<Long> removeAll(Snowflake messageId) {
        return db.sql("DELETE FROM message_reactions WHERE message_id = :message")
                .bind("message", messageId.value())
                .fetch()
                .rowsUpdated();
    }

    /** Takes every reaction with the emoji off: the emoji as first stored; empty when there was none. */
    Mono<ReactionView.EmojiView> removeEmoji(Snowflake messageId, String emojiKey) {
        return db.sql("""
                        WITH gone AS (
                            DELETE FROM message_reactions WHERE message_id = :message AND emoji_key = :key
                            RETURNING emoji_id, emoji_name, emoji_animated, seq)
                        SELECT emoji_id, emoji_name, emoji_animated FROM gone ORDER BY seq LIMIT 1""")
                .bind("message", messageId.value())
                .bind("key", emojiKey)
                .map(Reactions::emoji)
                .one();
    }

    private static ReactionView.EmojiView emoji(Readable row) {
        Long id = row.get("emoji_id", Long.class);
        return ReactionView.EmojiView.of(
                id == null ? null : Snowflake.of(id),
                Objects.requireNonNull(row.get("emoji_name", String.class)),
                Boolean.TRUE.equals(row.get("emoji_animated", Boolean.class)));
    }

    /** Who reacted with the emoji, after {@code after}, in id order. */
    Flux<Snowflake> users(Snowflake messageId, String emojiKey, long after, int limit) {
        return db.sql("""
                        SELECT user_id FROM message_reactions WHERE message_id = :message AND emoji_key = :key
                            AND user_id > :after ORDER BY user_id LIMIT :limit""")
                .bind("message", messageId.value())
                .bind("key", emojiKey)
                .bind("after", after)
                .bind("limit", limit)
                .map(row -> Snowflake.of(Objects.requireNonNull(row.get("user_id", Long.class))))
                .all();
    }

    /** The reactions of these messages, by message, each message's emoji as first added; the reader's marked. */
    Mono<Map<Snowflake, List<Count>>> counts(List<Snowflake> messageIds, @Nullable Snowflake reader) {
        if (messageIds.isEmpty()) {
            return Mono.just(Map.of());
        }
        return db.sql("""
                        SELECT message_id, min(emoji_id) AS emoji_id,
                               (array_agg(emoji_name ORDER BY seq))[1] AS emoji_name,
                               bool_or(emoji_animated) AS animated, count(*) AS reactions,
                               bool_or(user_id = :reader) AS mine
                        FROM message_reactions WHERE message_id = ANY(:ids)
                        GROUP BY message_id, emoji_key ORDER BY message_id, min(seq)""")
                .bind("ids", messageIds.stream().map(Snowflake::value).toArray(Long[]::new))
                .bind("reader", reader == null ? 0L : reader.value())
                .map(row -> {
                    Long emojiId = row.get("emoji_id", Long.class);
                    return Map.entry(
                            Snowflake.of(Objects.requireNonNull(row.get("message_id", Long.class))),
                            new Count(
                                    emojiId == null ? null : Snowflake.of(emojiId),
                                    Objects.requireNonNull(row.get("emoji_name", String.class)),
                                    Boolean.TRUE.equals(row.get("animated", Boolean.class)),
                                    Objects.requireNonNull(row.get("reactions", Number.class))
                                            .longValue(),
                                    Boolean.TRUE.equals(row.get("mine", Boolean.class))));
                })
                .all()
                .collect(HashMap::new, (byMessage, entry) -> byMessage
                        .computeIfAbsent(entry.getKey(), id -> new ArrayList<>())
                        .add(entry.getValue()));
    }
}
