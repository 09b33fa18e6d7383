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
import tools.jackson.databind.node.JsonNodeFactory;

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
        @Nullable WebhookAuthor webhookAuthor,
        @Nullable Snowflake applicationId,
        @Nullable JsonNode interactionMetadata,
        @Nullable JsonNode poll) {

    /** Who a webhook's message shows as its author: the name and avatar hash it was sent with. */
    record WebhookAuthor(String name, @Nullable String avatar) {}

    /**
     * Who an interaction's response shows as its author and what it answers: the application's bot (or,
     * without one, the application shown as a webhook is), the application as its webhook, the
     * interaction's metadata; {@code userId} the person who interacted, the only one an ephemeral answer
     * reaches.
     */
    record InteractionAnswer(
            Snowflake authorId,
            @Nullable WebhookAuthor shown,
            Snowflake applicationId,
            JsonNode metadata,
            Snowflake userId) {}

    /** Only the person who interacted sees the message (an interaction's answer). */
    static final int EPHEMERAL = 1 << 6;

    /** A deferred response's placeholder, until the application edits it. */
    static final int LOADING = 1 << 7;

    /** A message of an announcement channel published to the channels following it. */
    static final int CROSSPOSTED = 1;

    /** A follower webhook's copy of a published message. */
    static final int IS_CROSSPOST = 1 << 1;

    /** A message a thread was started from (the thread has its id). */
    static final int HAS_THREAD = 1 << 5;

    /** The platform's message types used here. */
    static final int DEFAULT = 0;

    /** A public thread was started here without a message (its system message names and links it). */
    /** A DM call's system message: its {@code call} tells who took part and when it ended. */
    static final int CALL = 3;

    static final int THREAD_CREATED = 18;

    /** An auto moderation rule's alert in its alert channel. */
    static final int AUTO_MODERATION_ACTION = 24;

    static final int REPLY = 19;

    /** What the platform posts when a poll ends: its question, winner and counts in one embed. */
    static final int POLL_RESULT = 46;

    static MessageRow read(Readable row, JsonMapper mapper) {
        String reference = row.get("message_reference", String.class);
        Long guild = row.get("guild_id", Long.class);
        Long webhook = row.get("webhook_id", Long.class);
        Long application = row.get("application_id", Long.class);
        String interaction = row.get("interaction_metadata", String.class);
        String poll = row.get("poll", String.class);
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
                webhookAuthor(row),
                application == null ? null : Snowflake.of(application),
                interaction == null ? null : mapper.readTree(interaction),
                poll == null ? null : mapper.readTree(poll));
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
                author,
                applicationId,
                interactionMetadata,
                poll);
    }

    /** The message as an application's: its bot's, or an interaction's response with what it answers. */
    MessageRow ofApplication(@Nullable Snowflake application, @Nullable JsonNode interaction) {
        return new MessageRow(
                id,
                channelId,
                guildId,
                authorId,
                webhookId,
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
                webhookAuthor,
                application,
                interaction,
                poll);
    }

    /** The message as the answer to an interaction; a deferred answer's placeholder is LOADING. */
    MessageRow answering(InteractionAnswer answer, boolean loading) {
        return new MessageRow(
                id,
                channelId,
                guildId,
                answer.authorId(),
                answer.applicationId(),
                type,
                content,
                tts,
                loading ? flags | LOADING : flags,
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
                answer.shown(),
                answer.applicationId(),
                answer.metadata(),
                poll);
    }

    /**
     * The copy a channel follower webhook posts of this published message: in the webhook's channel, shown
     * as the webhook, referencing the original, mentioning nobody, marked IS_CROSSPOST.
     */
    MessageRow crosspostAs(
            Snowflake copyId,
            Snowflake webhookChannelId,
            Snowflake webhookGuildId,
            Snowflake webhook,
            WebhookAuthor shown,
            JsonNode reference) {
        return new MessageRow(
                copyId,
                webhookChannelId,
                webhookGuildId,
                webhook,
                webhook,
                DEFAULT,
                content,
                false,
                IS_CROSSPOST | (flags & (1 << 2)),
                false,
                List.of(),
                List.of(),
                embeds,
                attachments,
                components,
                reference,
                null,
                false,
                null,
                shown,
                null,
                null,
                poll);
    }

    /**
     * The message announcing this poll's result: by the poll's author (as the poll showed it), in its
     * channel, referencing it, with the result embed; it mentions nobody.
     */
    MessageRow pollResult(Snowflake resultId, JsonNode embeds, JsonNode reference) {
        return new MessageRow(
                resultId,
                channelId,
                guildId,
                authorId,
                webhookId,
                POLL_RESULT,
                "",
                false,
                0,
                false,
                List.of(),
                List.of(),
                embeds,
                JsonNodeFactory.instance.arrayNode(),
                JsonNodeFactory.instance.arrayNode(),
                reference,
                null,
                false,
                null,
                webhookAuthor,
                applicationId,
                null,
                null);
    }

    /**
     * The platform's system message in a channel where a public thread was started without a message
     * (type 18): by whoever started it, the thread's name as its content, referencing the thread.
     */
    static MessageRow threadCreated(
            Snowflake id, Snowflake channelId, Snowflake guildId, Snowflake starterId, String name, JsonNode thread) {
        return system(
                id, channelId, guildId, starterId, THREAD_CREATED, name, JsonNodeFactory.instance.arrayNode(), thread);
    }

    /**
     * Auto moderation's alert (SEND_ALERT_MESSAGE) in the rule's alert channel: by the member whose message
     * triggered it, no content, one embed of type {@code auto_moderation_message}.
     */
    MessageRow autoModerationAlert(Snowflake alertId, Snowflake alertChannelId, Snowflake guildId, JsonNode embeds) {
        MessageRow alert = system(alertId, alertChannelId, guildId, authorId, AUTO_MODERATION_ACTION, "", embeds, null);
        // A webhook's message is shown by the webhook as it posted, which is no user to look up.
        return webhookId == null
                ? alert
                : alert.sentBy(webhookId, Objects.requireNonNull(webhookAuthor, "webhook author"));
    }

    /**
     * Auto moderation's own message in a guild channel that no message of the channel triggered: an incident
     * notification (a raid reported or detected) or a profile rule's alert. By the user it is about (who
     * reported the raid, whose message tipped a mention raid, whose name was flagged), no content, one embed.
     */
    static MessageRow autoModerationNotice(
            Snowflake id, Snowflake channelId, Snowflake guildId, Snowflake authorId, JsonNode embeds) {
        return system(id, channelId, guildId, authorId, AUTO_MODERATION_ACTION, "", embeds, null);
    }

    /** A DM call's system message, by the one who started the call, with no content. */
    static MessageRow call(Snowflake id, Snowflake channelId, Snowflake callerId) {
        return system(id, channelId, null, callerId, CALL, "", JsonNodeFactory.instance.arrayNode(), null);
    }

    /** A message the platform posts on its own: by {@code authorId}, mentioning nobody, no files or components. */
    private static MessageRow system(
            Snowflake id,
            Snowflake channelId,
            @Nullable Snowflake guildId,
            Snowflake authorId,
            int type,
            String content,
            JsonNode embeds,
            @Nullable JsonNode reference) {
        return new MessageRow(
                id,
                channelId,
                guildId,
                authorId,
                null,
                type,
                content,
                false,
                0,
                false,
                List.of(),
                List.of(),
                embeds,
                JsonNodeFactory.instance.arrayNode(),
                JsonNodeFactory.instance.arrayNode(),
                reference,
                null,
                false,
                null,
                null,
                null,
                null,
                null);
    }

    boolean isEphemeral() {
        return (flags & EPHEMERAL) != 0;
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
