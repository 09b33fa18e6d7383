package dev.concord.guild.channels;

import dev.concord.platform.ids.Snowflake;
import org.jspecify.annotations.Nullable;

/**
 * The emoji a forum or media channel shows on its threads' add-reaction button: a guild's custom emoji
 * ({@code emoji_id}) or a unicode one ({@code emoji_name}), exactly one of them; also the request's shape.
 */
public record DefaultReaction(
        @Nullable Snowflake emojiId, @Nullable String emojiName) {}
