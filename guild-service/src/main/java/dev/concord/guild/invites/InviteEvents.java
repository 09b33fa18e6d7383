package dev.concord.guild.invites;

import static dev.concord.platform.events.EventTypes.INVITE_CREATE;
import static dev.concord.platform.events.EventTypes.INVITE_DELETE;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.users.PartialUser;
import java.util.Map;

/**
 * Invite events on {@code guild.events}, keyed by guild id. As on the platform, only members who can
 * manage the invite's channel hear of them: the audience is the channel, narrowed to MANAGE_CHANNELS.
 */
final class InviteEvents {

    private InviteEvents() {}

    static DomainEvent inviteCreate(InviteRow invite, Map<Snowflake, PartialUser> users) {
        return new DomainEvent(INVITE_CREATE, invite.guildId().asString(), audience(invite), invite.created(users));
    }

    /** INVITE_DELETE: which invite is gone, whether deleted or used up. */
    static DomainEvent inviteDelete(InviteRow invite) {
        return new DomainEvent(
                INVITE_DELETE,
                invite.guildId().asString(),
                audience(invite),
                Map.of("channel_id", invite.channelId(), "guild_id", invite.guildId(), "code", invite.code()));
    }

    private static Audience audience(InviteRow invite) {
        return new Audience(null, invite.guildId(), invite.channelId(), Permission.MANAGE_CHANNELS.name());
    }
}
