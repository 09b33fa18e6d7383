package dev.concord.guild.channels;

import dev.concord.platform.ids.Snowflake;
import org.jspecify.annotations.Nullable;

/**
 * A tag of a forum or media channel, as stored and answered: every field is always written, emojis as
 * null when the tag has none. Its id is a snowflake this service made when the tag was added.
 */
public record ForumTag(
        Snowflake id,
        String name,
        boolean moderated,
        @Nullable Snowflake emojiId,
        @Nullable String emojiName) {}
