package dev.concord.platform.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.concord.platform.ids.Snowflake;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Who the gateway delivers an event to: these users' sessions, and/or the members of a guild, narrowed
 * to those who can see a channel or hold a permission.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Audience(
        @Nullable List<Snowflake> userIds,
        @Nullable Snowflake guildId,
        @Nullable Snowflake channelId,
        @Nullable String requiredPermission) {

    public static Audience users(Snowflake... userIds) {
        return new Audience(List.of(userIds), null, null, null);
    }

    public static Audience users(List<Snowflake> userIds) {
        return new Audience(List.copyOf(userIds), null, null, null);
    }

    public static Audience guild(Snowflake guildId) {
        return new Audience(null, guildId, null, null);
    }

    public static Audience channel(Snowflake guildId, Snowflake channelId) {
        return new Audience(null, guildId, channelId, null);
    }
}
