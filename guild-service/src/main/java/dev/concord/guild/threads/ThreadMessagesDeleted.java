package dev.concord.guild.threads;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /internal/threads/{thread.id}/messages/deleted}: webhook-service deleted these
 * messages of the thread (one, or a bulk delete's up to 100), which its {@code message_count} no longer
 * counts.
 */
record ThreadMessagesDeleted(@Nullable List<Snowflake> messageIds) implements Violations.Validatable {

    /** A bulk delete's bound. */
    static final int MAX_IDS = 100;

    @Override
    public void validate(Violations v) {
        v.required("message_ids", messageIds).maxItems("message_ids", messageIds, MAX_IDS);
        if (messageIds != null && messageIds.isEmpty()) {
            v.add("message_ids", "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.");
        }
    }

    List<Snowflake> ids() {
        return messageIds == null ? List.of() : messageIds;
    }
}
