package dev.concord.guild.threads;

import dev.concord.guild.channels.ChannelData;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.GuildMember;
import dev.concord.platform.permissions.GuildPermissions;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.permissions.ThreadAccess;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Which of a guild's threads a member sees: their parent's overwrites with the thread's own rules. */
public final class ThreadVisibility {

    private ThreadVisibility() {}

    /**
     * The threads among {@code threads} the member sees; {@code joined}, the ids of those they joined
     * (which decides a private one), {@code channels} the guild's channels (the parents).
     */
    public static List<ThreadData> visible(
            GuildPermissions table,
            GuildMember member,
            List<ChannelData> channels,
            List<ThreadData> threads,
            Set<Long> joined,
            Instant now) {
        if (threads.isEmpty()) {
            return List.of();
        }
        Map<Snowflake, ChannelData> parents =
                channels.stream().collect(Collectors.toMap(ChannelData::id, Function.identity()));
        return threads.stream()
                .filter(thread -> {
                    ChannelData parent = parents.get(thread.parentId());
                    return parent != null
                            && (table.inThread(
                                                    member,
                                                    parent.overwritesForPermissions(),
                                                    ThreadAccess.of(
                                                            thread.type(),
                                                            joined.contains(
                                                                    thread.id().value())),
                                                    now)
                                            & Permission.VIEW_CHANNEL.bit())
                                    != 0;
                })
                .toList();
    }
}
