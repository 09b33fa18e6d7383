package dev.concord.webhook.messages;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** The body of {@code POST /channels/{channel.id}/messages/bulk-delete}: 2 to 100 message ids. */
record BulkDeleteRequest(@Nullable List<Snowflake> messages) implements Violations.Validatable {

    static final int MIN = 2;
    static final int MAX = 100;

    @Override
    public void validate(Violations v) {
        v.required("messages", messages);
        if (messages != null && (messages.size() < MIN || messages.size() > MAX)) {
            v.add("messages", "BASE_TYPE_BAD_LENGTH", "Must be between " + MIN + " and " + MAX + " in length.");
        }
    }
}
