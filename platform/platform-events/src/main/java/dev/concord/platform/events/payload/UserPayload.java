package dev.concord.platform.events.payload;

import dev.concord.platform.ids.Snowflake;
import org.jspecify.annotations.Nullable;

/**
 * USER_CREATE and USER_UPDATE (identity's, and Family Center's): the partial user's fields, which is all
 * a replica keeps. Absent fields are null.
 */
public record UserPayload(
        @Nullable Snowflake id,
        @Nullable String username,
        @Nullable String discriminator,
        @Nullable String globalName,
        @Nullable String avatar,
        @Nullable Integer publicFlags,
        @Nullable Boolean bot) {}
