package dev.concord.guild.roles;

import dev.concord.guild.ColumnChanges;
import dev.concord.guild.access.RoleData;
import dev.concord.platform.ids.Snowflake;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The {@code roles} table and what points at roles; each method is one statement. */
@Component
final class RoleStore {

    private final DatabaseClient db;
    private final JsonMapper mapper;

    RoleStore(DatabaseClient db, JsonMapper mapper) {
        this.db = db;
        this.mapper = mapper;
    }

    /**
     * A new role: from a validated create request with its defaults filled in, or a bot's managed role
     * (with its {@code tags}; a role with tags is managed).
     */
    record NewRole(
            Snowflake id,
            String name,
            long permissions,
            int color,
            boolean hoist,
            @Nullable String icon,
            @Nullable String unicodeEmoji,
            int position,
            boolean mentionable,
            @Nullable JsonNode tags) {}

    Mono<RoleData> insert(Snowflake guildId, NewRole role) {
        DatabaseClient.GenericExecuteSpec insert = db.sql("""
                        INSERT INTO roles (id, guild_id, name, permissions, color, hoist, icon, unicode_emoji, position, mentionable,
                                           managed, tags)
                        VALUES (:id, :guild, :name, :permissions, :color, :hoist, :icon, :emoji, :position, :mentionable,
                                :managed, :tags::jsonb)
                        RETURNING *""")
                .bind("id", role.id().value())
                .bind("guild", guildId.value())
                .bind("name", role.name())
                .bind("permissions", role.permissions())
                .bind("color", role.color())
                .bind("hoist", role.hoist())
                .bind("position", role.position())
                .bind("mentionable", role.mentionable())
                .bind("managed", role.tags() != null);
        insert = role.tags() == null
                ? insert.bindNull("tags", String.class)
                : insert.bind("tags", mapper.writeValueAsString(role.tags()));
        insert = role.icon() == null ? insert.bindNull("icon", String.class) : insert.bind("icon", role.icon());
        insert = role.unicodeEmoji() == null
                ? insert.bindNull("emoji", String.class)
                : insert.bind("emoji", role.unicodeEmoji());
        return insert.map(row -> RoleData.read(row, mapper)).one();
    }

    Mono<RoleData> find(Snowflake guildId, Snowflake roleId) {
        return db.sql("SELECT * FROM roles WHERE id = :id AND guild_id = :guild")
                .bind("id", roleId.value())
                .bind("guild", guildId.value())
                .map(row -> RoleData.read(row, mapper))
                .one();
    }

    Mono<Void> update(Snowflake roleId, List<ColumnChanges.Change> changes) {
        return ColumnChanges.update(db, "roles", roleId.value(), changes);
    }

    /** The managed role whose tags name the bot. */
    Mono<RoleData> findBotRole(Snowflake guildId, Snowflake botId) {
        return db.sql("SELECT * FROM roles WHERE guild_id = :guild AND managed AND tags ->> 'bot_id' = :bot")
                .bind("guild", guildId.value())
                .bind("bot", botId.asString())
                .map(row -> RoleData.read(row, mapper))
                .one();
    }

    Mono<RoleData> setPermissions(Snowflake guildId, Snowflake roleId, long permissions) {
        return db.sql("UPDATE roles SET permissions = :permissions WHERE id = :id AND guild_id = :guild RETURNING *")
                .bind("permissions", permissions)
                .bind("id", roleId.value())
                .bind("guild", guildId.value())
                .map(row -> RoleData.read(row, mapper))
                .one();
    }

    /** Moves roles of the guild to new positions in one statement, returning them as they now are. */
    Flux<RoleData> reposition(Snowflake guildId, Map<Long, Integer> positions) {
        return db.sql("""
                        UPDATE roles r SET position = p.position
                        FROM unnest(:ids::bigint[], :positions::integer[]) AS p (id, position)
                        WHERE r.id = p.id AND r.guild_id = :guild
                        RETURNING r.*""")
                .bind("ids", positions.keySet().toArray(Long[]::new))
                .bind("positions", positions.values().toArray(Integer[]::new))
                .bind("guild", guildId.value())
                .map(row -> RoleData.read(row, mapper))
                .all();
    }

    /**
     * Deletes the role, takes it off every member who had it and drops the channel overwrites made for
     * it, returning the ids of the channels that lost one.
     */
    Flux<Snowflake> delete(Snowflake guildId, Snowflake roleId) {
        return db.sql("""
                        WITH gone AS (DELETE FROM roles WHERE id = :role AND guild_id = :guild),
                        stripped AS (
                            UPDATE members SET role_ids = array_remove(role_ids, :role)
                            WHERE guild_id = :guild AND role_ids @> ARRAY[:role]::bigint[]),
                        cleared AS (
                            DELETE FROM permission_overwrites o USING channels c
                            WHERE o.channel_id = c.id AND c.guild_id = :guild AND o.target_id = :role AND o.type = 0
                            RETURNING o.channel_id)
                        SELECT channel_id FROM cleared""")
                .bind("role", roleId.value())
                .bind("guild", guildId.value())
                .map(row -> Snowflake.of(row.get("channel_id", Long.class)))
                .all();
    }
}
