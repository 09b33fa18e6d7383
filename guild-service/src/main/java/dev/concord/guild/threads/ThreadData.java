package dev.concord.guild.threads;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A thread as clients read it: a channel of type 10, 11 or 12 with its parent, its owner (who started
 * it), its counts and its {@code thread_metadata}. {@code applied_tags} are a forum post's tags (empty
 * elsewhere); {@code invitable} exists on private threads only.
 */
public record ThreadData(
        Snowflake id,
        int type,
        Snowflake guildId,
        Snowflake parentId,
        Snowflake ownerId,
        String name,
        @Nullable Snowflake lastMessageId,
        int rateLimitPerUser,
        int flags,
        List<Snowflake> appliedTags,
        int messageCount,
        int memberCount,
        int totalMessageSent,
        Metadata threadMetadata) {

    public ThreadData {
        appliedTags = List.copyOf(appliedTags);
    }

    /** The thread's archive state and settings. {@code archive_timestamp}: when {@code archived} last changed. */
    public record Metadata(
            boolean archived,
            int autoArchiveDuration,
            Instant archiveTimestamp,
            boolean locked,
            Possible<Boolean> invitable,
            Instant createTimestamp) {}

    public boolean isPrivate() {
        return type == ThreadTypes.PRIVATE;
    }

    public boolean archived() {
        return threadMetadata.archived();
    }

    public boolean locked() {
        return threadMetadata.locked();
    }
}
