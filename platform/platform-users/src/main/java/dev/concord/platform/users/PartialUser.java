package dev.concord.platform.users;

import dev.concord.platform.ids.Snowflake;
import org.jspecify.annotations.Nullable;

/** The platform's partial user, as other users see one. */
public record PartialUser(
        Snowflake id,
        @Nullable String username,
        @Nullable String discriminator,
        @Nullable String globalName,
        @Nullable String avatar,
        int publicFlags,
        boolean bot) {

    /** Only the id: for a user whose USER_CREATE has not reached this service's replica yet. */
    public static PartialUser idOnly(Snowflake id) {
        return new PartialUser(id, null, null, null, null, 0, false);
    }
}
