package dev.concord.guild.access;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.GuildMember;
import dev.concord.platform.permissions.GuildPermissions;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import java.time.Instant;
import java.util.List;

/**
 * A guild as one of its members acts in it: the guild and its roles as read, the acting member's row,
 * and the permission table built from them once.
 */
public record GuildAccess(GuildRow guild, List<RoleData> roles, MemberRow membership, GuildPermissions permissions) {

    public GuildAccess {
        roles = List.copyOf(roles);
    }

    /** The acting member as the permission engine takes them. */
    public GuildMember member() {
        return membership.forPermissions();
    }

    /** The guild's role with this id; 404 10011 when it has none. */
    public RoleData role(Snowflake roleId) {
        return roles.stream()
                .filter(role -> role.id().equals(roleId))
                .findFirst()
                .orElseThrow(() -> ApiErrors.unknown(Unknown.ROLE));
    }

    public boolean isOwner() {
        return membership.userId().equals(guild.ownerId());
    }

    public boolean has(Permission permission, Instant now) {
        return permissions.has(member(), permission.bit(), now);
    }

    /** 403 50013 unless the member holds {@code permission} in the guild. */
    public GuildAccess require(Permission permission, Instant now) {
        if (!has(permission, now)) {
            throw ApiErrors.missingPermissions();
        }
        return this;
    }

    /** 403 50013 when {@code bits} include a permission the member does not hold in the guild. */
    public GuildAccess requireHeld(long bits, Instant now) {
        if ((bits & ~permissions.base(member(), now)) != 0) {
            throw ApiErrors.missingPermissions();
        }
        return this;
    }

    /** 403 50013 unless the member owns the guild. */
    public GuildAccess requireOwner() {
        if (!isOwner()) {
            throw ApiErrors.missingPermissions();
        }
        return this;
    }
}
