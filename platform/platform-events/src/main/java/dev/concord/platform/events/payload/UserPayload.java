package dev.concord.platform.events.payload;

import dev.concord.platform.ids.Snowflake;

/**
 * USER_CREATE and USER_UPDATE (identity's, and Family Center's): the partial user's fields, which is all
 * a replica keeps. Absent fields are null.
 */
public record UserPayload(
        Snowflake id,
        String username,
        String discriminator,
        String globalName,
        String avatar,
        Integer publicFlags,
        Boolean bot) {}
