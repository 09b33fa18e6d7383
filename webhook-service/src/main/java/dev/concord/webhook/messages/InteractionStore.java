package dev.concord.webhook.messages;

import dev.concord.platform.ids.Snowflake;
import java.time.Instant;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** The {@code interactions} table. */
@Component
class InteractionStore {

    private final DatabaseClient db;

    InteractionStore(DatabaseClient db) {
        this.db = db;
    }

    Mono<Void> insert(InteractionRow row) {
        DatabaseClient.GenericExecuteSpec insert = db.sql("""
                        INSERT INTO interactions (id, application_id, token_hash, type, user_id, channel_id, guild_id,
                                                  message_id, nonce, created_at)
                        VALUES (:id, :application, :hash, :type, :user, :channel, :guild, :message, :nonce,
                                :created)""")
                .bind("id", row.id().value())
                .bind("application", row.applicationId().value())
                .bind("hash", row.tokenHash())
                .bind("type", (short) row.type())
                .bind("user", row.userId().value())
                .bind("channel", row.channelId().value())
                .bind("message", row.messageId().value())
                .bind("created", row.createdAt());
        insert = bind(
                insert, "guild", row.guildId() == null ? null : row.guildId().value(), Long.class);
        insert = bind(insert, "nonce", row.nonce(), String.class);
        return insert.then();
    }

    /**
     * Who the interaction's answers show as their author, once its application is known: its bot, or
     * without one the application by name.
     */
    Mono<Void> setAuthor(Snowflake id, Snowflake authorId, @Nullable String name, @Nullable String avatar) {
        DatabaseClient.GenericExecuteSpec update =
                db.sql("""
                        UPDATE interactions SET author_id = :author, author_name = :name, author_avatar = :avatar
                        WHERE id = :id""").bind("id", id.value()).bind("author", authorId.value());
        update = bind(update, "name", name, String.class);
        update = bind(update, "avatar", avatar, String.class);
        return update.then();
    }

    /** Takes back an answer whose message could not be made, so the application may answer again. */
    Mono<Void> unanswer(Snowflake id) {
        return db.sql("UPDATE interactions SET response_type = NULL, original_message_id = NULL WHERE id = :id")
                .bind("id", id.value())
                .then();
    }

    Mono<InteractionRow> find(Snowflake id) {
        return db.sql("SELECT * FROM interactions WHERE id = :id")
                .bind("id", id.value())
                .map(InteractionRow::read)
                .one();
    }

    /**
     * Records the one answer the interaction takes: empty when it was answered already, has failed, or was
     * made before {@code madeAfter} (its deadline passed).
     */
    Mono<InteractionRow> answer(Snowflake id, int responseType, Snowflake originalMessageId, Instant madeAfter) {
        return db.sql("""
                        UPDATE interactions SET response_type = :type, original_message_id = :original
                        WHERE id = :id AND response_type IS NULL AND NOT failed AND created_at > :after
                        RETURNING *""")
                .bind("id", id.value())
                .bind("type", (short) responseType)
                .bind("original", originalMessageId.value())
                .bind("after", madeAfter)
                .map(InteractionRow::read)
                .one();
    }

    /** Marks the interaction failed unless it was answered: whether it was marked now. */
    Mono<Boolean> fail(Snowflake id) {
        return db.sql("UPDATE interactions SET failed = true WHERE id = :id AND response_type IS NULL AND NOT failed")
                .bind("id", id.value())
                .fetch()
                .rowsUpdated()
                .map(updated -> updated > 0);
    }

    /** Forgets up to {@code batch} interactions made before {@code before}: their tokens no longer work. */
    Mono<Long> deleteMadeBefore(Instant before, int batch) {
        return db.sql("""
                        DELETE FROM interactions WHERE id IN (
                            SELECT id FROM interactions WHERE created_at < :before LIMIT :batch)""").bind("before", before).bind("batch", batch).fetch().rowsUpdated();
    }

    private static <T> DatabaseClient.GenericExecuteSpec bind(
            DatabaseClient.GenericExecuteSpec spec, String name, @Nullable T value, Class<T> type) {
        return value == null ? spec.bindNull(name, type) : spec.bind(name, value);
    }
}
