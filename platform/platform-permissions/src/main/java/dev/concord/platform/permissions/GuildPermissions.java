package dev.concord.platform.permissions;

import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A guild's roles and owner, and what they give each member, computed the way the platform documents
 * it:
 *
 * <ol>
 *   <li>the owner holds every permission, anywhere;
 *   <li>otherwise the guild-level permissions are @everyone's OR the member's roles'; ADMINISTRATOR among
 *       them means every permission, and channel overwrites no longer apply;
 *   <li>in a channel, the overwrites apply in a fixed order, each as "remove what it denies, add what it
 *       allows": @everyone's, then all the member's roles' combined, then the member's own;
 *   <li>without VIEW_CHANNEL a member has no permission in the channel at all, and without SEND_MESSAGES
 *       the permissions that only qualify a message (mention @everyone, TTS, files, embeds) go too;
 *   <li>a timed-out member keeps only VIEW_CHANNEL and READ_MESSAGE_HISTORY, unless owner or
 *       administrator.
 * </ol>
 *
 * Immutable; build one per state of the guild and share it.
 */
public final class GuildPermissions {

    /** What a timed-out member keeps. */
    static final long TIMEOUT_KEEPS = Permission.bits(Permission.VIEW_CHANNEL, Permission.READ_MESSAGE_HISTORY);

    /** What a quarantined member keeps: a timeout's, and their nickname, the way out of quarantine. */
    static final long QUARANTINE_KEEPS = TIMEOUT_KEEPS | Permission.CHANGE_NICKNAME.bit();

    /** What goes with SEND_MESSAGES: each only qualifies a message the member sends. */
    static final long NEEDS_SEND_MESSAGES = Permission.bits(
            Permission.MENTION_EVERYONE, Permission.SEND_TTS_MESSAGES, Permission.ATTACH_FILES, Permission.EMBED_LINKS);

    private final long guildId;
    private final long ownerId;
    private final GuildRole everyone;
    private final Map<Long, GuildRole> roles;

    /** {@code roles} must include @everyone, the role whose id is the guild's. */
    public GuildPermissions(long guildId, long ownerId, Collection<GuildRole> roles) {
        this.guildId = guildId;
        this.ownerId = ownerId;
        this.roles = new HashMap<>(roles.size() * 2);
        for (GuildRole role : roles) {
            this.roles.put(role.id(), role);
        }
        GuildRole everyone = this.roles.get(guildId);
        if (everyone == null) {
            throw new IllegalArgumentException("the roles of guild " + guildId + " lack @everyone");
        }
        this.everyone = everyone;
    }

    public long guildId() {
        return guildId;
    }

    public long ownerId() {
        return ownerId;
    }

    /** @everyone, the role every member holds. */
    public GuildRole everyone() {
        return everyone;
    }

    /** The role with this id. */
    public @Nullable GuildRole role(long roleId) {
        return roles.get(roleId);
    }

    /** The member's permissions in the guild as a whole (no channel's overwrites), at {@code now}. */
    public long base(GuildMember member, Instant now) {
        long permissions = unrestrictedBase(member);
        if (permissions == Permission.ALL) {
            return permissions;
        }
        return restricted(member, permissions, now);
    }

    /** The member's permissions in a channel with these overwrites, at {@code now}. */
    public long inChannel(GuildMember member, List<Overwrite> overwrites, Instant now) {
        long permissions = unrestrictedBase(member);
        if (permissions == Permission.ALL) {
            return permissions;
        }
        permissions = applyOverwrites(permissions, member, overwrites);
        if ((permissions & Permission.VIEW_CHANNEL.bit()) == 0) {
            return 0;
        }
        if ((permissions & Permission.SEND_MESSAGES.bit()) == 0) {
            permissions &= ~NEEDS_SEND_MESSAGES;
        }
        return restricted(member, permissions, now);
    }

    /**
     * The member's permissions in a thread whose parent channel has these overwrites, at {@code now}. A
     * thread has no overwrites of its own: it takes its parent's, except that sending there is
     * SEND_MESSAGES_IN_THREADS (answered as SEND_MESSAGES too, so a caller checks one bit wherever it
     * posts), and a private thread is seen only by its members and those who manage threads.
     */
    public long inThread(GuildMember member, List<Overwrite> parentOverwrites, ThreadAccess thread, Instant now) {
        long permissions = unrestrictedBase(member);
        if (permissions == Permission.ALL) {
            return permissions;
        }
        permissions = applyOverwrites(permissions, member, parentOverwrites);
        if ((permissions & Permission.VIEW_CHANNEL.bit()) == 0) {
            return 0;
        }
        if (thread.isPrivate() && !thread.member() && (permissions & Permission.MANAGE_THREADS.bit()) == 0) {
            return 0;
        }
        if ((permissions & Permission.SEND_MESSAGES_IN_THREADS.bit()) != 0) {
            permissions |= Permission.SEND_MESSAGES.bit();
        } else {
            permissions &= ~(Permission.SEND_MESSAGES.bit() | NEEDS_SEND_MESSAGES);
        }
        return restricted(member, permissions, now);
    }

    /** What a timeout or a quarantine leaves of {@code permissions}. */
    private static long restricted(GuildMember member, long permissions, Instant now) {
        if (!member.isTimedOutAt(now)) {
            return permissions;
        }
        return permissions
                & (GuildMember.QUARANTINED.equals(member.timedOutUntil()) ? QUARANTINE_KEEPS : TIMEOUT_KEEPS);
    }

    /** True when the member holds every one of {@code required} in the guild, at {@code now}. */
    public boolean has(GuildMember member, long required, Instant now) {
        return (base(member, now) & required) == required;
    }

    /** The member's highest role; @everyone for a member with none. */
    public GuildRole highestRole(GuildMember member) {
        GuildRole highest = everyone;
        for (long roleId : member.roleIdArray()) {
            GuildRole role = roles.get(roleId);
            if (role != null && role.isAbove(highest)) {
                highest = role;
            }
        }
        return highest;
    }

    /**
     * True when {@code actor} may edit, delete, assign or remove {@code role}: the owner always; anyone
     * else needs MANAGE_ROLES (or ADMINISTRATOR) and a highest role above it. @everyone's permissions
     * may be edited by any such member, since it sits below every role.
     */
    public boolean canManageRole(GuildMember actor, GuildRole role, Instant now) {
        if (actor.userId() == ownerId) {
            return true;
        }
        if (!has(actor, Permission.MANAGE_ROLES.bit(), now)) {
            return false;
        }
        return role.id() == guildId || highestRole(actor).isAbove(role);
    }

    /**
     * True when {@code actor} outranks {@code target} for moderation (kick, nickname, timeout, roles):
     * the owner outranks everyone else; nobody outranks the owner or themselves; otherwise the higher
     * highest role wins.
     */
    public boolean outranks(GuildMember actor, GuildMember target) {
        if (target.userId() == ownerId || actor.userId() == target.userId()) {
            return false;
        }
        return actor.userId() == ownerId || highestRole(actor).isAbove(highestRole(target));
    }

    private long unrestrictedBase(GuildMember member) {
        if (member.userId() == ownerId) {
            return Permission.ALL;
        }
        long permissions = everyone.permissions();
        for (long roleId : member.roleIdArray()) {
            GuildRole role = roles.get(roleId);
            if (role != null) {
                permissions |= role.permissions();
            }
        }
        return (permissions & Permission.ADMINISTRATOR.bit()) != 0 ? Permission.ALL : permissions;
    }

    private long applyOverwrites(long permissions, GuildMember member, List<Overwrite> overwrites) {
        Overwrite everyoneOverwrite = null;
        Overwrite memberOverwrite = null;
        long roleAllow = 0;
        long roleDeny = 0;
        for (Overwrite overwrite : overwrites) {
            if (overwrite.type() == Overwrite.Type.MEMBER) {
                if (overwrite.id() == member.userId()) {
                    memberOverwrite = overwrite;
                }
            } else if (overwrite.id() == guildId) {
                everyoneOverwrite = overwrite;
            } else if (member.hasRole(overwrite.id())) {
                roleAllow |= overwrite.allow();
                roleDeny |= overwrite.deny();
            }
        }
        if (everyoneOverwrite != null) {
            permissions = (permissions & ~everyoneOverwrite.deny()) | everyoneOverwrite.allow();
        }
        permissions = (permissions & ~roleDeny) | roleAllow;
        if (memberOverwrite != null) {
            permissions = (permissions & ~memberOverwrite.deny()) | memberOverwrite.allow();
        }
        return permissions;
    }
}
