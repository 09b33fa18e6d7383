package dev.concord.guild.members;

import dev.concord.guild.ColumnChanges;
import dev.concord.guild.access.MemberRow;
import dev.concord.platform.ids.Snowflake;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The {@code members} table; each method is one statement. */
@Component
final class MemberStore {

    private final DatabaseClient db;

    MemberStore(DatabaseClient db) {
        this.db = db;
    }

    /** A page of the guild's members in user id order, after {@code after}. */
    Flux<MemberRow> list(Snowflake guildId, long after, int limit) {
        return db.sql(
                        "SELECT * FROM members WHERE guild_id = :guild AND user_id > :after ORDER BY user_id LIMIT :limit")
                .bind("guild", guildId.value())
                .bind("after", after)
                .bind("limit", limit)
                .map(MemberRow::read)
                .all();
    }

    /**
     * The guilds {@code userId} is a member of that have an enabled USER_PROFILE rule: those whose rule
     * judges the user's new names.
     */
    Flux<Snowflake> guildsWithProfileRulesOf(Snowflake userId) {
        return db.sql("""
                        SELECT m.guild_id FROM members m
                        WHERE m.user_id = :user AND EXISTS (
                            SELECT 1 FROM auto_moderation_rules r
                            WHERE r.guild_id = m.guild_id AND r.trigger_type = 6 AND r.enabled)
                        ORDER BY m.guild_id""")
                .bind("user", userId.value())
                .map(row -> Snowflake.of(Objects.requireNonNull(row.get("guild_id", Long.class))))
                .all();
    }

    Mono<Void> update(Snowflake guildId, Snowflake userId, List<ColumnChanges.Change> changes) {
        return ColumnChanges.update(
                db, "members", Map.of("guild_id", guildId.value(), "user_id", userId.value()), changes);
    }

    /** Gives the member the role; false when they had it already. */
    Mono<Boolean> addRole(Snowflake guildId, Snowflake userId, Snowflake roleId) {
        return changeRoles(
                "role_ids = array_append(role_ids, :role)",
                "NOT role_ids @> ARRAY[:role]::bigint[]",
                guildId,
                userId,
                roleId);
    }

    /** Takes the role off the member; false when they did not have it. */
    Mono<Boolean> removeRole(Snowflake guildId, Snowflake userId, Snowflake roleId) {
        return changeRoles(
                "role_ids = array_remove(role_ids, :role)",
                "role_ids @> ARRAY[:role]::bigint[]",
                guildId,
                userId,
                roleId);
    }

    /** {@code set} and {@code when} are this class's own SQL, never a request's. */
    private Mono<Boolean> changeRoles(String set, String when, Snowflake guildId, Snowflake userId, Snowflake roleId) {
        return db.sql("UPDATE members SET " + set + " WHERE guild_id = :guild AND user_id = :user AND " + when)
                .bind("role", roleId.value())
                .bind("guild", guildId.value())
                .bind("user", userId.value())
                .fetch()
                .rowsUpdated()
                .map(updated -> updated > 0);
    }
}
