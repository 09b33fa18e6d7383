package dev.concord.gateway.dispatch;

import dev.concord.platform.guilds.AuthorizationSnapshot;
import dev.concord.platform.guilds.AuthorizationSnapshot.ThreadPlace;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.GuildMember;
import dev.concord.platform.permissions.GuildPermissions;
import dev.concord.platform.permissions.GuildRole;
import dev.concord.platform.permissions.Overwrite;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * One guild's permission inputs other than its members, as this instance knows them: the owner, the
 * roles, each channel's overwrites and each open thread's parent, from guild-service's snapshot and then
 * guild.events. Permissions
 * are computed with the platform's engine, {@link GuildPermissions}, which guild-service's internal API
 * uses too, so both give the same answer from the same inputs.
 *
 * <p>Changed by the dispatcher's own feed and read by every feed, so its methods hold its lock; the
 * engine's table is rebuilt only when the owner or a role changed.
 */
final class LocalGuild {

    private final long guildId;
    private long ownerId;
    private final Map<Long, GuildRole> roles = new HashMap<>();
    private final Map<Long, List<Overwrite>> channels = new HashMap<>();
    private final Map<Long, ThreadPlace> threads = new HashMap<>();
    private @Nullable GuildPermissions table;

    LocalGuild(AuthorizationSnapshot snapshot) {
        this.guildId = snapshot.guildId().value();
        this.ownerId = snapshot.ownerId();
        snapshot.roles().forEach(role -> roles.put(role.id(), role));
        channels.putAll(snapshot.channels());
        threads.putAll(snapshot.threads());
    }

    synchronized void owner(long ownerId) {
        if (this.ownerId != ownerId) {
            this.ownerId = ownerId;
            table = null;
        }
    }

    synchronized void putRole(GuildRole role) {
        roles.put(role.id(), role);
        table = null;
    }

    synchronized void removeRole(long roleId) {
        // @everyone cannot be deleted; an event saying otherwise is not applied rather than breaking the table.
        if (roleId != guildId && roles.remove(roleId) != null) {
            table = null;
        }
    }

    synchronized void putChannel(long channelId, List<Overwrite> overwrites) {
        channels.put(channelId, List.copyOf(overwrites));
    }

    synchronized void removeChannel(long channelId) {
        channels.remove(channelId);
    }

    synchronized void putThread(long threadId, ThreadPlace place) {
        threads.put(threadId, place);
    }

    synchronized void removeThread(long threadId) {
        threads.remove(threadId);
    }

    /**
     * The overwrites a channel's audience is computed with: its own, or a public thread's parent's (who
     * can see the parent can see its public threads). Null for a channel this guild does not have (or no
     * longer has) and for a private thread, whose audience needs its members ({@link #isPrivateThread}).
     */
    synchronized @Nullable List<Overwrite> channel(long channelId) {
        List<Overwrite> own = channels.get(channelId);
        if (own != null) {
            return own;
        }
        ThreadPlace thread = threads.get(channelId);
        return thread == null || thread.isPrivate() ? null : channels.get(thread.parentId());
    }

    /** A private thread of this guild, as far as this copy knows. */
    synchronized boolean isPrivateThread(long channelId) {
        ThreadPlace thread = threads.get(channelId);
        return thread != null && thread.isPrivate();
    }

    /**
     * The users among {@code members} who hold every one of {@code required}, in a channel with these
     * overwrites or, without any, guild-wide.
     */
    synchronized Set<Snowflake> holding(
            List<GuildMember> members, @Nullable List<Overwrite> overwrites, long required, Instant now) {
        Set<Snowflake> holding = new HashSet<>();
        for (GuildMember member : members) {
            if ((permissions(member, overwrites, now) & required) == required) {
                holding.add(Snowflake.of(member.userId()));
            }
        }
        return holding;
    }

    /** The member's permissions in a channel with these overwrites or, without any, guild-wide. */
    synchronized long permissions(GuildMember member, @Nullable List<Overwrite> overwrites, Instant now) {
        GuildPermissions engine = table();
        return overwrites == null ? engine.base(member, now) : engine.inChannel(member, overwrites, now);
    }

    private GuildPermissions table() {
        GuildPermissions current = table;
        if (current == null) {
            current = new GuildPermissions(guildId, ownerId, roles.values());
            table = current;
        }
        return current;
    }
}
