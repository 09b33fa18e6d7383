package dev.concord.presence.session;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.concord.platform.ids.Snowflake;
import dev.concord.presence.activity.Activity;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A presence as others receive it: PRESENCE_UPDATE's data, READY's and GET /presences' items, and in
 * a guild, with its {@code guild_id}. {@code user} names only the id, as the platform's presence updates
 * do when the user did not change.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PresenceView(
        UserId user,
        @Nullable Snowflake guildId,
        Status status,
        List<Activity> activities,
        Map<String, Status> clientStatus) {

    public record UserId(Snowflake id) {}

    public static PresenceView offline(Snowflake user) {
        return new PresenceView(new UserId(user), null, Status.OFFLINE, List.of(), Map.of());
    }

    public boolean isOffline() {
        return status == Status.OFFLINE;
    }

    public PresenceView inGuild(Snowflake guildId, List<Activity> activities) {
        return new PresenceView(user, guildId, status, activities, clientStatus);
    }
}
