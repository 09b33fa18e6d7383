package dev.concord.guild.internal;

import dev.concord.platform.ids.Snowflake;
import io.r2dbc.spi.Readable;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What a service needs to compute permissions itself and keep them current from guild.events: a guild's
 * owner, roles and channels' overwrites in one statement, and users' member rows (roles, timeout) in
 * every guild they are in. Ids and permission bits are answered as decimal strings, as everywhere.
 */
@Component
final class SnapshotStore {

    private static final String GUILD = """
            SELECT g.owner_id,
                (SELECT coalesce(json_agg(json_build_array(r.id, r.position, r.permissions, r.mentionable)), '[]')
                 FROM roles r WHERE r.guild_id = g.id)::text AS roles,
                (SELECT coalesce(json_agg(json_build_array(c.id,
                    (SELECT coalesce(json_agg(json_build_array(o.target_id, o.type, o.allow, o.deny)), '[]')
                     FROM permission_overwrites o WHERE o.channel_id = c.id))), '[]')
                 FROM channels c WHERE c.guild_id = g.id)::text AS channels,
                (SELECT coalesce(json_agg(json_build_array(t.id::text, t.parent_id::text, t.type)), '[]')
                 FROM threads t WHERE t.guild_id = g.id AND NOT t.archived)::text AS threads
            FROM guilds g WHERE g.id = :guild""";

    private static final String MEMBERS = """
            SELECT m.user_id, m.guild_id, m.role_ids, m.communication_disabled_until,
                   coalesce(g.dms_disabled_until > now(), false) AS guild_dms_paused
            FROM members m JOIN guilds g ON g.id = m.guild_id
            WHERE m.user_id = ANY(:users) ORDER BY m.user_id, m.guild_id""";

    private final DatabaseClient db;
    private final JsonMapper mapper;

    SnapshotStore(DatabaseClient db, JsonMapper mapper) {
        this.db = db;
        this.mapper = mapper;
    }

    /** The guild's authorization snapshot; empty when there is no such guild. */
    Mono<Map<String, Object>> guild(Snowflake guildId) {
        return db.sql(GUILD)
                .bind("guild", guildId.value())
                .map(row -> snapshot(guildId, row))
                .one();
    }

    /** The member rows of these users, every guild of each, in user then guild id order. */
    Mono<List<Map<String, Object>>> memberships(List<Snowflake> userIds) {
        return db.sql(MEMBERS)
                .bind("users", userIds.stream().map(Snowflake::value).toArray(Long[]::new))
                .map(SnapshotStore::membership)
                .all()
                .collectList();
    }

    private Map<String, Object> snapshot(Snowflake guildId, Readable row) {
        List<Map<String, Object>> roles = new ArrayList<>();
        for (JsonNode role : mapper.readTree(row.get("roles", String.class))) {
            roles.add(Map.of(
                    "id", role.get(0).asString(),
                    "position", role.get(1).asInt(),
                    "permissions", role.get(2).asString(),
                    "mentionable", role.get(3).asBoolean()));
        }
        List<Map<String, Object>> channels = new ArrayList<>();
        for (JsonNode channel : mapper.readTree(row.get("channels", String.class))) {
            List<Map<String, Object>> overwrites = new ArrayList<>();
            for (JsonNode overwrite : channel.get(1)) {
                overwrites.add(Map.of(
                        "id", overwrite.get(0).asString(),
                        "type", overwrite.get(1).asInt(),
                        "allow", overwrite.get(2).asString(),
                        "deny", overwrite.get(3).asString()));
            }
            channels.add(Map.of("id", channel.get(0).asString(), "permission_overwrites", overwrites));
        }
        List<Map<String, Object>> threads = new ArrayList<>();
        for (JsonNode thread : mapper.readTree(row.get("threads", String.class))) {
            threads.add(Map.of(
                    "id", thread.get(0).asString(),
                    "parent_id", thread.get(1).asString(),
                    "type", thread.get(2).asInt()));
        }
        Map<String, Object> snapshot = new LinkedHashMap<>();
        snapshot.put("guild_id", guildId.asString());
        snapshot.put("owner_id", Long.toString(row.get("owner_id", Long.class)));
        snapshot.put("roles", roles);
        snapshot.put("channels", channels);
        snapshot.put("threads", threads);
        return snapshot;
    }

    private static Map<String, Object> membership(Readable row) {
        Long[] roleIds = row.get("role_ids", Long[].class);
        List<String> roles = new ArrayList<>();
        if (roleIds != null) {
            for (Long roleId : roleIds) {
                roles.add(Long.toString(roleId));
            }
        }
        OffsetDateTime timeout = row.get("communication_disabled_until", OffsetDateTime.class);
        Map<String, Object> member = new LinkedHashMap<>();
        member.put("user_id", Long.toString(row.get("user_id", Long.class)));
        member.put("guild_id", Long.toString(row.get("guild_id", Long.class)));
        member.put("roles", roles);
        member.put(
                "communication_disabled_until",
                timeout == null ? null : timeout.toInstant().toString());
        member.put("guild_dms_paused", Boolean.TRUE.equals(row.get("guild_dms_paused", Boolean.class)));
        return member;
    }
}
