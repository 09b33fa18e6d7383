package dev.concord.guild.scheduledevents;

import dev.concord.guild.access.GuildAccess;
import dev.concord.guild.channels.ChannelAccess;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiErrors;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * Who may see, make and change an event, by the platform's table. An external event asks the guild's
 * permissions; a stage or voice event those in its channel: VIEW_CHANNEL to see it; to make or change a
 * stage event MANAGE_CHANNELS, MUTE_MEMBERS and MOVE_MEMBERS there, a voice event VIEW_CHANNEL and
 * CONNECT. Making one takes CREATE_EVENTS; changing or deleting one's own CREATE_EVENTS or MANAGE_EVENTS,
 * anyone else's MANAGE_EVENTS.
 */
final class ScheduledEventRights {

    private static final long STAGE_MODERATOR =
            Permission.MANAGE_CHANNELS.bit() | Permission.MUTE_MEMBERS.bit() | Permission.MOVE_MEMBERS.bit();
    private static final long VOICE_HOST = Permission.VIEW_CHANNEL.bit() | Permission.CONNECT.bit();

    private ScheduledEventRights() {}

    /** Whether the member sees an event held in {@code channel} (none: external, seen by every member). */
    static boolean canSee(@Nullable ChannelAccess channel) {
        return channel == null || channel.has(Permission.VIEW_CHANNEL);
    }

    /** 403 50013 unless the member may make an event of this type there. */
    static void requireToCreate(GuildAccess access, @Nullable ChannelAccess channel, int entityType, Instant now) {
        long held = held(access, channel, now);
        require(held, Permission.CREATE_EVENTS.bit() | hosting(entityType));
    }

    /** 403 50013 unless the member may change or delete the event (their own, or {@code own} false). */
    static void requireToChange(
            GuildAccess access, @Nullable ChannelAccess channel, int entityType, boolean own, Instant now) {
        long held = held(access, channel, now);
        boolean mayChange =
                (held & Permission.MANAGE_EVENTS.bit()) != 0 || (own && (held & Permission.CREATE_EVENTS.bit()) != 0);
        if (!mayChange) {
            throw ApiErrors.missingPermissions();
        }
        require(held, hosting(entityType));
    }

    private static long hosting(int entityType) {
        return switch (entityType) {
            case ScheduledEventFields.STAGE_INSTANCE -> STAGE_MODERATOR;
            case ScheduledEventFields.VOICE -> VOICE_HOST;
            default -> 0;
        };
    }

    private static long held(GuildAccess access, @Nullable ChannelAccess channel, Instant now) {
        return channel != null ? channel.permissions() : access.permissions().base(access.member(), now);
    }

    private static void require(long held, long needed) {
        if ((held & needed) != needed) {
            throw ApiErrors.missingPermissions();
        }
    }
}
