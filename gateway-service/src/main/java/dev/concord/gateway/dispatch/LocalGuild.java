package dev.concord.gateway.dispatch;

import dev.concord.platform.guilds.AuthorizationSnapshot;
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
 * roles and each channel's overwrites, from guild-service's snapshot and then guild.events. Permissions
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
    private @Nullable GuildPermissions table;

    LocalGuild(AuthorizationSnapshot snapshot) {
        this.guildId = snapshot.guildId().value();
        this.ownerId = snapshot.ownerId();
        snapshot.roles().forEach(role -> roles.put(role.id(), role));
        channels.putAll(snapshot.channels());
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

    /** The channel's overwrites; null for a channel this guild does not have (or no longer has). */
    synchronized @Nullable List<Overwrite> channel(long channelId) {
        return channels.get(channelId);
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
