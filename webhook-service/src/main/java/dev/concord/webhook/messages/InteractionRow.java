package dev.concord.webhook.messages;

import dev.concord.platform.ids.Snowflake;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A row of {@code interactions}: a person's use of a component, who answers it and how it was answered.
 *
 * @param authorId who the answers show as their author: the application's bot, or the application; known
 *     once the interaction is delivered
 * @param authorName the application's name when it has no bot (its answers show it as a webhook does)
 * @param responseType the callback's type once answered
 * @param originalMessageId the answer's message, or for an update the message the component is on
 */
record InteractionRow(
        Snowflake id,
        Snowflake applicationId,
        byte[] tokenHash,
        int type,
        Snowflake userId,
        Snowflake channelId,
        @Nullable Snowflake guildId,
        Snowflake messageId,
        @Nullable String nonce,
        @Nullable Snowflake authorId,
        @Nullable String authorName,
        @Nullable String authorAvatar,
        @Nullable Integer responseType,
        @Nullable Snowflake originalMessageId,
        boolean failed,
        Instant createdAt) {

    static InteractionRow read(Readable row) {
        Long guild = row.get("guild_id", Long.class);
        Long original = row.get("original_message_id", Long.class);
        Long author = row.get("author_id", Long.class);
        Number response = row.get("response_type", Number.class);
        return new InteractionRow(
                id(row, "id"),
                id(row, "application_id"),
                Objects.requireNonNull(row.get("token_hash", byte[].class)),
                Objects.requireNonNull(row.get("type", Number.class)).intValue(),
                id(row, "user_id"),
                id(row, "channel_id"),
                guild == null ? null : Snowflake.of(guild),
                id(row, "message_id"),
                row.get("nonce", String.class),
                author == null ? null : Snowflake.of(author),
                row.get("author_name", String.class),
                row.get("author_avatar", String.class),
                response == null ? null : response.intValue(),
                original == null ? null : Snowflake.of(original),
                Boolean.TRUE.equals(row.get("failed", Boolean.class)),
                Objects.requireNonNull(row.get("created_at", Instant.class)));
    }

    private static Snowflake id(Readable row, String column) {
        return Snowflake.of(Objects.requireNonNull(row.get(column, Long.class)));
    }

    /** The author its answers show: the bot (looked up as a user), or the application shown as a webhook. */
    MessageRow.@Nullable WebhookAuthor shownAuthor() {
        return authorName == null ? null : new MessageRow.WebhookAuthor(authorName, authorAvatar);
    }
}
