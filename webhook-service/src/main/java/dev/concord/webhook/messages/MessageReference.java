package dev.concord.webhook.messages;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A reply's pointer to the message it answers (type 0, the default). Forwards (type 1) are not offered
 * here. {@code fail_if_not_exists} false sends the message as a plain one when the replied-to message is
 * gone.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record MessageReference(
        @Nullable Integer type,
        @Nullable Snowflake messageId,
        @Nullable Snowflake channelId,
        @Nullable Snowflake guildId,
        @Nullable Boolean failIfNotExists) {

    static final int REPLY = 0;

    void validate(Violations v) {
        v.oneOf("type", type, List.of(REPLY));
        v.required("message_id", messageId);
    }

    boolean failsIfMissing() {
        return failIfNotExists == null || failIfNotExists;
    }

    /** As a reply stores it and sends it back: the message replied to, its channel and guild, the type. */
    static MessageReference replyTo(MessageRow replied) {
        return new MessageReference(REPLY, replied.id(), replied.channelId(), replied.guildId(), null);
    }
}
