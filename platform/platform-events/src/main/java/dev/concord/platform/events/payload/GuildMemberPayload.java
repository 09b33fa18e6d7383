package dev.concord.platform.events.payload;

import dev.concord.platform.ids.Snowflake;
import org.jspecify.annotations.Nullable;

/** GUILD_MEMBER_ADD, GUILD_MEMBER_UPDATE and GUILD_MEMBER_REMOVE: whose membership of which guild. */
public record GuildMemberPayload(
        @Nullable Snowflake guildId, @Nullable IdOnly user) {

    /** The member's user id; null when the event names none. */
    public @Nullable Snowflake userId() {
        return IdOnly.of(user);
    }
}
