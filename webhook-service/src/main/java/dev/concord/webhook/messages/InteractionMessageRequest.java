package dev.concord.webhook.messages;

import dev.concord.platform.web.Violations;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The message an application answers an interaction with: a callback's {@code data} for a channel message
 * (type 4) or a deferred one (type 5, only its flags), and the body of a follow-up. As an execution of its
 * webhook takes one, less the name and avatar (an answer shows the application), plus EPHEMERAL: only the
 * person who interacted sees the message.
 */
record InteractionMessageRequest(
        @Nullable String content,
        @Nullable Boolean tts,
        @Nullable List<Embed> embeds,
        @Nullable AllowedMentions allowedMentions,
        @Nullable List<MessageComponent> components,
        @Nullable Integer flags,
        @Nullable List<AttachmentRequest> attachments,
        @Nullable PollRequest poll)
        implements Violations.Validatable {

    /** SUPPRESS_EMBEDS, EPHEMERAL and SUPPRESS_NOTIFICATIONS. */
    static final int SETTABLE_FLAGS = (1 << 2) | MessageRow.EPHEMERAL | (1 << 12);

    static final InteractionMessageRequest EMPTY =
            new InteractionMessageRequest(null, null, null, null, null, null, null, null);

    @Override
    public void validate(Violations v) {
        message().validateMessage(v, SETTABLE_FLAGS);
    }

    MessageCreateRequest message() {
        return new MessageCreateRequest(
                content, null, tts, embeds, allowedMentions, null, flags, null, null, components, attachments, poll);
    }

    /** A deferred answer's placeholder: only whether it is ephemeral carries over. */
    MessageCreateRequest placeholder() {
        int ephemeral = flags == null ? 0 : flags & MessageRow.EPHEMERAL;
        return new MessageCreateRequest(null, null, null, null, null, null, ephemeral, null, null, null, null, null);
    }
}
