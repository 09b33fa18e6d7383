package dev.concord.guild.channels;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.permissions.Overwrite;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A guild channel as clients read it. Fields a type does not have are left out rather than null:
 * {@code topic} exists on text-like channels, {@code bitrate}, {@code user_limit} and
 * {@code rtc_region} on voice and stage channels, where each may be null; {@code available_tags},
 * {@code default_sort_order}, {@code default_reaction_emoji} and {@code default_thread_rate_limit_per_user}
 * on forum and media channels, {@code default_forum_layout} on forums ({@link ForumFields}).
 */
public record ChannelData(
        Snowflake id,
        int type,
        Snowflake guildId,
        String name,
        int position,
        List<OverwriteData> permissionOverwrites,
        @Nullable Snowflake parentId,
        boolean nsfw,
        Possible<Optional<String>> topic,
        Possible<Optional<Integer>> bitrate,
        Possible<Optional<Integer>> userLimit,
        Possible<Optional<String>> rtcRegion,
        int rateLimitPerUser,
        @Nullable Snowflake lastMessageId,
        int flags,
        Possible<List<ForumTag>> availableTags,
        Possible<Optional<Integer>> defaultSortOrder,
        Possible<Integer> defaultForumLayout,
        Possible<Optional<DefaultReaction>> defaultReactionEmoji,
        Possible<Integer> defaultThreadRateLimitPerUser) {

    public ChannelData {
        permissionOverwrites = List.copyOf(permissionOverwrites);
    }

    /** The channel's overwrites the way the permission engine takes them. */
    public List<Overwrite> overwritesForPermissions() {
        return permissionOverwrites.stream().map(OverwriteData::forPermissions).toList();
    }
}
