package dev.concord.guild.threads;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /internal/threads/{thread.id}/messages}: webhook-service is about to store a
 * message in the thread. {@code author_id} is a member's (absent for a webhook's message), who joins the
 * thread; {@code manage_threads}: whether the author holds MANAGE_THREADS there, who alone writes in a
 * locked thread.
 */
record ThreadMessage(@Nullable Snowflake messageId, Possible<Snowflake> authorId, boolean manageThreads)
        implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        v.required("message_id", messageId);
    }

    Snowflake message() {
        return Objects.requireNonNull(messageId, "validated");
    }
}
