package dev.concord.platform.users;

import dev.concord.platform.ids.Snowflake;

/** The platform's partial user, as other users see one. */
public record PartialUser(
        Snowflake id, String username, String discriminator, String globalName, String avatar, int publicFlags, boolean bot) {}
