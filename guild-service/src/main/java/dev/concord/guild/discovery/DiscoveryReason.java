package dev.concord.guild.discovery;

import dev.concord.platform.ids.Snowflake;
import org.jspecify.annotations.Nullable;

/** One of a guild's reasons to join, shown on its discovery page: a line of text and an optional emoji. */
record DiscoveryReason(
        String reason,
        @Nullable Snowflake emojiId,
        @Nullable String emojiName) {}
