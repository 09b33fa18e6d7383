package dev.concord.social.family;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import dev.concord.social.family.TeenAuditLogData.ActionData;
import dev.concord.social.family.TeenAuditLogData.GuildData;
import java.time.Instant;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Reads a teen's recorded actions: the latest of each type with their entities in one query, totals in another. */
@Component
final class AuditLogStore {

    private final DatabaseClient db;

    AuditLogStore(DatabaseClient db) {
        this.db = db;
    }

    /** An action with its entity: a partial user or a guild, or neither when this service does not know it. */
    record ActionRow(
            ActionData action,
            @Nullable PartialUser user,
            @Nullable GuildData guild) {}

    /** Whether the action's entity is a user (the types the query below joins with user_replica). */
    static boolean namesUser(ActionData action) {
        for (ActionType type : ActionType.values()) {
            if (type.value == action.displayType()) {
                return type.aboutUser();
            }
        }
        return false;
    }

    /** The latest {@code perType} actions of each type since {@code since}, newest first. */
    Flux<ActionRow> actions(Snowflake teen, Instant since, int perType) {
        return db.sql("""
                        SELECT a.display_type, a.entity_id, a.event_id,
                               u.id AS u_id, u.username, u.discriminator, u.global_name, u.avatar, u.public_flags, u.bot,
                               g.id AS g_id, g.name AS g_name, g.icon AS g_icon
                        FROM (SELECT f.*, row_number() OVER (PARTITION BY f.display_type ORDER BY f.occurred_at DESC, f.event_id DESC) AS n
                              FROM family_actions f
                              WHERE f.user_id = :teen AND f.occurred_at >= :since) a
                        LEFT JOIN user_replica u ON a.display_type IN (1, 3, 5) AND u.id = a.entity_id
                        LEFT JOIN family_guilds g ON a.display_type IN (2, 4) AND g.id = a.entity_id AND g.name IS NOT NULL
                        WHERE a.n <= :perType
                        ORDER BY a.occurred_at DESC, a.event_id DESC""")
                .bind("teen", teen.value())
                .bind("since", LinkStore.utc(since))
                .bind("perType", (long) perType)
                .map(row -> {
                    ActionData action = new ActionData(
                            Snowflake.of(row.get("event_id", Long.class)),
                            teen,
                            Snowflake.of(row.get("entity_id", Long.class)),
                            row.get("display_type", Short.class));
                    Long guildId = row.get("g_id", Long.class);
                    GuildData guild = guildId == null
                            ? null
                            : new GuildData(
                                    Snowflake.of(guildId),
                                    row.get("g_name", String.class),
                                    row.get("g_icon", String.class));
                    return new ActionRow(action, ReplicaRows.user(row, "u_id"), guild);
                })
                .all();
    }

    /** How many actions of each type since {@code since}. */
    Mono<Map<Integer, Long>> totals(Snowflake teen, Instant since) {
        return db.sql("""
                        SELECT display_type, count(*) AS total FROM family_actions
                        WHERE user_id = :teen AND occurred_at >= :since GROUP BY display_type""")
                .bind("teen", teen.value())
                .bind("since", LinkStore.utc(since))
                .map(row -> Map.entry((int) row.get("display_type", Short.class), row.get("total", Long.class)))
                .all()
                .collectMap(Map.Entry::getKey, Map.Entry::getValue);
    }
}
