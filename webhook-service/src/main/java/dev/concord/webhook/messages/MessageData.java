package dev.concord.webhook.messages;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.users.PartialUser;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * A message as clients read it. {@code nonce} is only in the answer to its sender and in MESSAGE_CREATE;
 * a reply carries the message it answers as {@code referenced_message} (null when that is gone).
 */
record MessageData(
        Snowflake id,
        Snowflake channelId,
        int type,
        String content,
        PartialUser author,
        JsonNode attachments,
        JsonNode embeds,
        List<PartialUser> mentions,
        List<Snowflake> mentionRoles,
        boolean pinned,
        boolean mentionEveryone,
        boolean tts,
        Instant timestamp,
        @Nullable Instant editedTimestamp,
        int flags,
        JsonNode components,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String nonce,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Snowflake webhookId,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Snowflake applicationId,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable JsonNode interactionMetadata,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable JsonNode poll,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable JsonNode call,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable JsonNode messageReference,
        Possible<Optional<MessageData>> referencedMessage,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ReactionView> reactions) {

    /** The author: the user, or for a webhook's message the webhook as it showed then (a bot user, as the platform shows it). */
    private static PartialUser author(MessageRow row, Map<Snowflake, PartialUser> users) {
        MessageRow.WebhookAuthor webhook = row.webhookAuthor();
        if (webhook == null) {
            return Objects.requireNonNull(users.get(row.authorId()), "the author");
        }
        return new PartialUser(
                row.authorId(),
                webhook.name(),
                "0000",
                null,
                webhook.avatar(),
                Possible.absent(),
                0,
                true,
                Possible.absent(),
                Possible.absent());
    }

    /**
     * The row with its users from {@code users} (which holds the author and every mentioned user that
     * exists), the replied-to message when it is a reply, its poll as shown with its results, and its
     * reactions as first added.
     */
    static MessageData of(
            MessageRow row,
            Map<Snowflake, PartialUser> users,
            boolean withNonce,
            Possible<Optional<MessageData>> referenced,
            @Nullable JsonNode poll,
            @Nullable JsonNode call,
            List<ReactionView> reactions) {
        return new MessageData(
                row.id(),
                row.channelId(),
                row.type(),
                row.content(),
                author(row, users),
                row.attachments(),
                row.embeds(),
                row.mentionIds().stream()
                        .map(users::get)
                        .filter(Objects::nonNull)
                        .toList(),
                row.mentionRoleIds(),
                row.pinned(),
                row.mentionEveryone(),
                row.tts(),
                row.id().timestamp(),
                row.editedAt(),
                row.flags(),
                row.components(),
                withNonce ? row.nonce() : null,
                row.webhookId(),
                // As the platform shows it: on an application webhook's messages and interaction responses.
                row.webhookId() == null ? null : row.applicationId(),
                row.interactionMetadata(),
                poll,
                call,
                row.messageReference(),
                referenced,
                reactions);
    }
}
