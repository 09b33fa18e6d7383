package dev.concord.webhook.messages;

import dev.concord.platform.ids.Snowflake;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a DM call's system message shows as {@code call}: who took part (in the order they joined) and when
 * it ended ({@code message_calls}). Each change is one statement that does nothing when done before, so an
 * event handled twice changes nothing.
 */
@Component
class CallRecords {

    private final DatabaseClient db;

    CallRecords(DatabaseClient db) {
        this.db = db;
    }

    /** The call of the message, the caller its first participant; false when it was recorded before. */
    Mono<Boolean> start(Snowflake channelId, Snowflake messageId, Snowflake callerId) {
        return db.sql("""
                        INSERT INTO message_calls (channel_id, message_id, participants)
                        VALUES (:channel, :message, ARRAY[:caller]::bigint[]) ON CONFLICT DO NOTHING""")
                .bind("channel", channelId.value())
                .bind("message", messageId.value())
                .bind("caller", callerId.value())
                .fetch()
                .rowsUpdated()
                .map(rows -> rows > 0);
    }

    /** One more participant of the channel's open call, if there is one and they are not already in its list. */
    Mono<Void> joined(Snowflake channelId, Snowflake userId) {
        return db.sql("""
                        UPDATE message_calls SET participants = participants || :user
                        WHERE channel_id = :channel AND ended_at IS NULL AND NOT (:user = ANY(participants))""")
                .bind("channel", channelId.value())
                .bind("user", userId.value())
                .then();
    }

    /** Ends the channel's open call at {@code at}: its message's id, or nothing when no call was open. */
    Mono<Snowflake> end(Snowflake channelId, Instant at) {
        return db.sql("""
                        UPDATE message_calls SET ended_at = :at
                        WHERE channel_id = :channel AND ended_at IS NULL RETURNING message_id""")
                .bind("channel", channelId.value())
                .bind("at", OffsetDateTime.ofInstant(at, ZoneOffset.UTC))
                .map(row -> Snowflake.of(Objects.requireNonNull(row.get("message_id", Long.class), "message_id")))
                .one();
    }

    /** The {@code call} objects of these messages (those that are calls), in one query. */
    Mono<Map<Snowflake, JsonNode>> find(List<Snowflake> messageIds) {
        if (messageIds.isEmpty()) {
            return Mono.just(Map.of());
        }
        return db.sql("SELECT message_id, participants, ended_at FROM message_calls WHERE message_id = ANY(:ids)")
                .bind("ids", messageIds.stream().map(Snowflake::value).toArray(Long[]::new))
                .map(row -> Map.entry(
                        Snowflake.of(Objects.requireNonNull(row.get("message_id", Long.class), "message_id")),
                        call(row)))
                .all()
                .collectMap(Map.Entry::getKey, Map.Entry::getValue);
    }

    /** {@code {"participants": [ids], "ended_timestamp": ISO8601 or null}}, as the platform shows a call. */
    private static JsonNode call(Readable row) {
        ObjectNode call = JsonNodeFactory.instance.objectNode();
        ArrayNode participants = call.putArray("participants");
        Long[] ids = Objects.requireNonNull(row.get("participants", Long[].class), "participants");
        Arrays.stream(ids).forEach(id -> participants.add(Long.toString(id)));
        @Nullable OffsetDateTime ended = row.get("ended_at", OffsetDateTime.class);
        if (ended == null) {
            call.putNull("ended_timestamp");
        } else {
            call.put("ended_timestamp", ended.toInstant().toString());
        }
        return call;
    }
}
