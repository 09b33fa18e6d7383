package dev.concord.guild.channels;

import dev.concord.platform.ids.Snowflake;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * Something held in a guild channel (a scheduled event, a stage), or in none (the whole guild's), for the
 * lists that show each member only what they can see.
 */
public record InChannel<T>(@Nullable Snowflake channelId, T value) {

    /** The values a member who sees {@code visible} channels sees: the guild-wide ones and those held there. */
    public static <T> List<T> seenIn(List<InChannel<T>> items, List<ChannelData> visible) {
        Set<Snowflake> seen = visible.stream().map(ChannelData::id).collect(Collectors.toSet());
        return items.stream()
                .filter(item -> item.channelId() == null || seen.contains(item.channelId()))
                .map(InChannel::value)
                .toList();
    }
}
