package dev.concord.webhook.messages;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import dev.concord.platform.web.WebUrls;
import dev.concord.webhook.webhooks.WebhookName;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /webhooks/{webhook.id}/{webhook.token}} (or its {@code payload_json} part when
 * files come with it), with seed 002's limits: a message as {@code POST /channels/{id}/messages} takes
 * one, plus the {@code username} and {@code avatar_url} it shows, less what only members send (nonce,
 * replies, stickers). Components only on an application's webhook; {@code thread_name} and
 * {@code applied_tags} start a post in a forum or media channel.
 */
record WebhookExecuteRequest(
        @Nullable String content,
        @Nullable String username,
        @Nullable String avatarUrl,
        @Nullable Boolean tts,
        @Nullable List<Embed> embeds,
        @Nullable AllowedMentions allowedMentions,
        @Nullable List<MessageComponent> components,
        @Nullable Integer flags,
        @Nullable List<AttachmentRequest> attachments,
        @Nullable PollRequest poll,
        @Nullable String threadName,
        @Nullable List<Snowflake> appliedTags)
        implements Violations.Validatable {

    /** SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS and VOICE_MESSAGE: what the seed lets an execution set. */
    static final int SETTABLE_FLAGS = (1 << 2) | (1 << 12) | (1 << 13);

    static final int MAX_THREAD_NAME = 100;
    static final int MAX_APPLIED_TAGS = 5;

    static final WebhookExecuteRequest EMPTY =
            new WebhookExecuteRequest(null, null, null, null, null, null, null, null, null, null, null, null);

    @Override
    public void validate(Violations v) {
        message().validateMessage(v, SETTABLE_FLAGS);
        WebhookName.check(v, "username", username);
        WebUrls.check(v, "avatar_url", avatarUrl);
        v.length("thread_name", threadName == null ? null : threadName.strip(), 1, MAX_THREAD_NAME);
        v.maxItems("applied_tags", appliedTags, MAX_APPLIED_TAGS);
    }

    /** The message it sends, as a member's request would carry it. */
    MessageCreateRequest message() {
        return new MessageCreateRequest(
                content, null, tts, embeds, allowedMentions, null, flags, null, null, components, attachments, poll);
    }
}
