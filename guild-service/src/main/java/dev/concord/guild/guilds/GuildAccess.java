package dev.concord.guild.guilds;

import dev.concord.platform.permissions.GuildMember;
import dev.concord.platform.permissions.GuildPermissions;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiErrors;
import java.time.Instant;

/** A guild as one of its members acts in it: the guild, its permission table and the acting member. */
public record GuildAccess(GuildRow guild, GuildPermissions permissions, GuildMember member) {

    public boolean isOwner() {
        return member.userId() == guild.ownerId().value();
    }

    public boolean has(Permission permission, Instant now) {
        return permissions.has(member, permission.bit(), now);
    }

    /** 403 50013 unless the member holds {@code permission} in the guild. */
    public GuildAccess require(Permission permission, Instant now) {
        if (!has(permission, now)) {
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
