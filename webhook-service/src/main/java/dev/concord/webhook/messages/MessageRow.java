package dev.concord.webhook.messages;

import dev.concord.platform.ids.Snowflake;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A row of {@code messages}: ids where the answer has objects (the author, mentioned users). */
record MessageRow(
        Snowflake id,
        Snowflake channelId,
        @Nullable Snowflake guildId,
        Snowflake authorId,
        @Nullable Snowflake webhookId,
        int type,
        String content,
        boolean tts,
        int flags,
        boolean mentionEveryone,
        List<Snowflake> mentionIds,
        List<Snowflake> mentionRoleIds,
        JsonNode embeds,
        JsonNode attachments,
        JsonNode components,
        @Nullable JsonNode messageReference,
        @Nullable String nonce,
        boolean pinned,
        @Nullable Instant editedAt,
        @Nullable WebhookAuthor webhookAuthor) {

    /** Who a webhook's message shows as its author: the name and avatar hash it was sent with. */
    record WebhookAuthor(String name, @Nullable String avatar) {}

    /** The platform's message types used here. */
    static final int DEFAULT = 0;

    static final int REPLY = 19;

    static MessageRow read(Readable row, JsonMapper mapper) {
        String reference = row.get("message_reference", String.class);
        Long guild = row.get("guild_id", Long.class);
        Long webhook = row.get("webhook_id", Long.class);
        return new MessageRow(
                Snowflake.of(Objects.requireNonNull(row.get("id", Long.class))),
                Snowflake.of(Objects.requireNonNull(row.get("channel_id", Long.class))),
                guild == null ? null : Snowflake.of(guild),
                Snowflake.of(Objects.requireNonNull(row.get("author_id", Long.class))),
                webhook == null ? null : Snowflake.of(webhook),
                Objects.requireNonNull(row.get("type", Number.class)).intValue(),
                Objects.requireNonNullElse(row.get("content", String.class), ""),
                Boolean.TRUE.equals(row.get("tts", Boolean.class)),
                Objects.requireNonNull(row.get("flags", Number.class)).intValue(),
                Boolean.TRUE.equals(row.get("mention_everyone", Boolean.class)),
                ids(row.get("mention_ids", Long[].class)),
                ids(row.get("mention_role_ids", Long[].class)),
                mapper.readTree(Objects.requireNonNullElse(row.get("embeds", String.class), "[]")),
                mapper.readTree(Objects.requireNonNullElse(row.get("attachments", String.class), "[]")),
                mapper.readTree(Objects.requireNonNullElse(row.get("components", String.class), "[]")),
                reference == null ? null : mapper.readTree(reference),
                row.get("nonce", String.class),
                Boolean.TRUE.equals(row.get("pinned", Boolean.class)),
                row.get("edited_at", Instant.class),
                webhookAuthor(row));
    }

    private static @Nullable WebhookAuthor webhookAuthor(Readable row) {
        String name = row.get("author_name", String.class);
        return name == null ? null : new WebhookAuthor(name, row.get("author_avatar", String.class));
    }

    /** The message as a webhook sends it: the webhook its author, with the name and avatar it shows. */
    MessageRow sentBy(Snowflake webhook, WebhookAuthor author) {
        return new MessageRow(
                id,
                channelId,
                guildId,
                webhook,
                webhook,
                type,
                content,
                tts,
                flags,
                mentionEveryone,
                mentionIds,
                mentionRoleIds,
                embeds,
                attachments,
                components,
                messageReference,
                nonce,
                pinned,
                editedAt,
                author);
    }

    /** The id of the message this one replies to, if it is a reply. */
    @Nullable
    Snowflake repliedTo() {
        return messageReference == null
                ? null
                : Snowflake.parseOrNull(messageReference.path("message_id").asString(null));
    }

    private static List<Snowflake> ids(Long @Nullable [] values) {
        return values == null
                ? List.of()
                : Arrays.stream(values).map(Snowflake::of).toList();
    }
}
