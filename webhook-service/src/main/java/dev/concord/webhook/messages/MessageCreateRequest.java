package dev.concord.webhook.messages;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The JSON body of {@code POST /channels/{channel.id}/messages} (or its {@code payload_json} part when
 * files come with it), with the platform's limits (components only from bots). Stickers are refused with the
 * field named until they are built, never dropped silently.
 */
record MessageCreateRequest(
        @Nullable String content,
        @Nullable JsonNode nonce,
        @Nullable Boolean tts,
        @Nullable List<Embed> embeds,
        @Nullable AllowedMentions allowedMentions,
        @Nullable MessageReference messageReference,
        @Nullable Integer flags,
        @Nullable Boolean enforceNonce,
        @Nullable List<Snowflake> stickerIds,
        @Nullable List<MessageComponent> components,
        @Nullable List<AttachmentRequest> attachments,
        @Nullable PollRequest poll)
        implements Violations.Validatable {

    static final int MAX_CONTENT = 2000;
    static final int MAX_NONCE = 25;
    /** SUPPRESS_EMBEDS and SUPPRESS_NOTIFICATIONS: the flags a sender may set. */
    static final int SENDABLE_FLAGS = (1 << 2) | (1 << 12);

    @Override
    public void validate(Violations v) {
        validateMessage(v, SENDABLE_FLAGS);
        nonce(v, nonce);
        if (messageReference != null) {
            messageReference.validate(v.at("message_reference"));
        }
        if (Boolean.TRUE.equals(enforceNonce) && nonceText() == null) {
            v.required("nonce", null);
        }
        unavailable(v, "sticker_ids", stickerIds != null && !stickerIds.isEmpty());
    }

    /**
     * What every way of sending a message checks alike (a member's send, a webhook's execution, an
     * interaction's answer): content, embeds, allowed mentions, the flags {@code settable} allows, files,
     * components, poll.
     */
    void validateMessage(Violations v, int settable) {
        v.length("content", content, 0, MAX_CONTENT);
        Embed.validateAll(v, embeds);
        if (allowedMentions != null) {
            allowedMentions.validate(v.at("allowed_mentions"));
        }
        v.flags("flags", flags, settable);
        Components.validate(v, components);
        AttachmentRequest.validateAll(v, attachments);
        if (poll != null) {
            poll.validate(v.at("poll"));
        }
    }

    boolean hasEmbeds() {
        return embeds != null && !embeds.isEmpty();
    }

    /**
     * Whether there is nothing to send: no content but blanks, no embed, no component, no poll, and no file
     * with it.
     */
    boolean isEmpty(int files) {
        return (content == null || content.isBlank())
                && !hasEmbeds()
                && !Components.any(components)
                && poll == null
                && files == 0;
    }

    /** The nonce as stored and echoed: an integer's digits or the string. */
    @Nullable
    String nonceText() {
        if (nonce == null || nonce.isNull()) {
            return null;
        }
        return nonce.isString() ? nonce.asString() : nonce.toString();
    }

    /** An integer or a string of at most 25 characters. */
    static void nonce(Violations v, @Nullable JsonNode nonce) {
        if (nonce == null || nonce.isNull()) {
            return;
        }
        if (nonce.isString()) {
            v.length("nonce", nonce.asString(), 0, MAX_NONCE);
        } else if (!nonce.isIntegralNumber() || !nonce.canConvertToLong()) {
            v.add("nonce", "BASE_TYPE_NONCE", "Nonce must be an integer or a string of at most 25 characters.");
        }
    }

    static void unavailable(Violations v, String field, boolean sent) {
        if (sent) {
            v.add(field, "UNSUPPORTED", "Not available here yet.");
        }
    }
}
