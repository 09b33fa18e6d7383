package dev.concord.guild.channels;

import dev.concord.guild.access.GuildAccess;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiErrors;

/** A channel as one of its guild's members acts in it: the channel, the guild access and the member's permissions in it. */
public record ChannelAccess(ChannelData channel, GuildAccess access, long permissions) {

    public boolean has(Permission permission) {
        return (permissions & permission.bit()) != 0;
    }

    /** The member's permissions in the channel; 403 50013 unless they include {@code permission}. */
    public long require(Permission permission) {
        if (!has(permission)) {
            throw ApiErrors.missingPermissions();
        }
        return permissions;
    }

    /** 403 50001, as if the channel did not exist, unless the member can view it. */
    public ChannelAccess requireVisible() {
        if (!has(Permission.VIEW_CHANNEL)) {
            throw ApiErrors.missingAccess();
        }
        return this;
    }
}
