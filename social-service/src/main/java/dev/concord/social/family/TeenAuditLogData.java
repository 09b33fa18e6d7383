package dev.concord.social.family;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The teen's activity over the last 7 days. {@code users} and {@code guilds} are lookup tables for the
 * actions' entities, holding those this service knows; {@code totals} counts every action of each type
 * (keys 1-5), even when {@code actions} lists only the latest of them.
 */
record TeenAuditLogData(
        @Nullable Snowflake teenUserId,
        @Nullable Snowflake rangeStartId,
        List<ActionData> actions,
        List<PartialUser> users,
        List<GuildData> guilds,
        Map<Integer, Long> totals) {

    /** For a caller with no connected teen, themselves included. */
    static TeenAuditLogData none() {
        return new TeenAuditLogData(null, null, List.of(), List.of(), List.of(), Map.of());
    }

    record ActionData(Snowflake eventId, Snowflake userId, Snowflake entityId, int displayType) {}

    /** The guild as guild.events last described it: the fields a client needs to show it. */
    record GuildData(Snowflake id, String name, @Nullable String icon) {}
}
