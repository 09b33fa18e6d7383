package dev.concord.guild.channels;

import dev.concord.platform.ids.Snowflake;
import org.jspecify.annotations.Nullable;

/**
 * A tag in {@code available_tags} as clients send it: only {@code name} is required. An {@code id} keeps
 * the channel's tag of that id (a PATCH sends the tags it keeps with their ids); a tag without one, or
 * with an id the channel has no tag of, is new and gets an id made here.
 */
record ForumTagRequest(
        @Nullable Snowflake id,
        @Nullable String name,
        @Nullable Boolean moderated,
        @Nullable Snowflake emojiId,
        @Nullable String emojiName) {}
