package dev.concord.guild.scheduledevents;

import dev.concord.guild.members.MemberData;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.users.PartialUser;
import org.jspecify.annotations.Nullable;

/**
 * The platform's guild scheduled event user: a user interested in an event ({@code response} 1,
 * INTERESTED), with the user and, when asked for, their membership.
 */
record ScheduledEventUserData(
        Snowflake guildScheduledEventId,
        @Nullable Snowflake guildScheduledEventExceptionId,
        Snowflake userId,
        Possible<PartialUser> user,
        Possible<MemberData> member,
        int response) {

    static final int INTERESTED = 1;

    static ScheduledEventUserData of(
            Snowflake eventId, Snowflake userId, @Nullable PartialUser user, @Nullable MemberData member) {
        return new ScheduledEventUserData(
                eventId,
                null,
                userId,
                user == null ? Possible.absent() : Possible.of(user),
                member == null ? Possible.absent() : Possible.of(member),
                INTERESTED);
    }
}
