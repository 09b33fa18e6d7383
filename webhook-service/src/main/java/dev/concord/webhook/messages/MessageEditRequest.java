package dev.concord.webhook.messages;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.List;
import java.util.Optional;

/**
 * The body of {@code PATCH /channels/{channel.id}/messages/{message.id}}: what is sent changes, null
 * clears. The author may change content, embeds, the SUPPRESS_EMBEDS flag and the allowed mentions
 * the content's mentions are worked out again with.
 */
record MessageEditRequest(
        Possible<Optional<String>> content,
        Possible<Optional<List<Embed>>> embeds,
        Possible<Optional<Integer>> flags,
        Possible<Optional<AllowedMentions>> allowedMentions,
        Possible<Optional<List<Snowflake>>> stickerIds,
        Possible<Optional<List<MessageComponent>>> components,
        Possible<Optional<List<AttachmentRequest>>> attachments)
        implements Violations.Validatable {

    /** SUPPRESS_EMBEDS: the one flag an edit may change. */
    static final int EDITABLE_FLAGS = 1 << 2;

    @Override
    public void validate(Violations v) {
        v.length("content", Possible.valueOrNull(content), 0, MessageCreateRequest.MAX_CONTENT);
        Embed.validateAll(v, Possible.valueOrNull(embeds));
        v.flags("flags", Possible.valueOrNull(flags), EDITABLE_FLAGS);
        AllowedMentions allowed = Possible.valueOrNull(allowedMentions);
        if (allowed != null) {
            allowed.validate(v.at("allowed_mentions"));
        }
        List<Snowflake> stickers = Possible.valueOrNull(stickerIds);
        MessageCreateRequest.unavailable(v, "sticker_ids", stickers != null && !stickers.isEmpty());
        Components.validate(v, Possible.valueOrNull(components));
        AttachmentRequest.validateKept(v, Possible.valueOrNull(attachments));
    }

    /** Whether the edit sets embeds (which needs EMBED_LINKS). */
    boolean setsEmbeds() {
        List<Embed> sent = Possible.valueOrNull(embeds);
        return sent != null && !sent.isEmpty();
    }

    /** What an edit with no JSON part says: nothing (its files are appended). */
    static final MessageEditRequest NOTHING = new MessageEditRequest(
            Possible.absent(),
            Possible.absent(),
            Possible.absent(),
            Possible.absent(),
            Possible.absent(),
            Possible.absent(),
            Possible.absent());
}
