package dev.concord.platform.events.payload;

import dev.concord.platform.ids.Snowflake;
import org.jspecify.annotations.Nullable;

/** An object of which consumers read only the id: a member's user, a message's author. */
public record IdOnly(@Nullable Snowflake id) {

    /** The id of {@code object}, or null when there is none. */
    static @Nullable Snowflake of(@Nullable IdOnly object) {
        return object == null ? null : object.id();
    }
}
