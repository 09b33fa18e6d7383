package dev.concord.platform.events.payload;

import dev.concord.platform.ids.Snowflake;

/** An object of which consumers read only the id: a member's user, a message's author. */
public record IdOnly(Snowflake id) {

    /** The id of {@code object}, or null when there is none. */
    static Snowflake of(IdOnly object) {
        return object == null ? null : object.id();
    }
}
