package dev.concord.guild.guilds;

import dev.concord.guild.ColumnChanges;
import dev.concord.guild.Columns;
import dev.concord.guild.access.GuildRow;
import dev.concord.guild.access.MemberRow;
import dev.concord.guild.access.RoleData;
import dev.concord.guild.guilds.StarterLayout.NewChannel;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.GuildRole;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/** The guild tables. Every method is one statement; lists of rows go in and come out in one round trip. */
@Component
public final class GuildStore {

    private final DatabaseClient db;
    private final JsonMapper mapper;

    GuildStore(DatabaseClient db, JsonMapper mapper) {
        this.db = db;
        this.mapper = mapper;
    }

    Mono<Void> insertGuild(
            Snowflake id,
            Snowflake ownerId,
            GuildCreateRequest request,
            @Nullable String iconHash,
            Snowflake systemChannelId) {
        DatabaseClient.GenericExecuteSpec insert = db.sql("""
                        INSERT INTO guilds (id, name, icon, owner_id, verification_level, default_message_notifications,
                            explicit_content_filter, afk_timeout, system_channel_id, system_channel_flags)
                        VALUES (:id, :name, :icon, :owner, :verification, :notifications, :filter, :afk, :system, :flags)""")
                .bind("id", id.value())
                .bind("name", request.name().strip())
                .bind("owner", ownerId.value())
                .bind("verification", request.verificationLevelOrDefault())
                .bind("notifications", request.defaultMessageNotificationsOrDefault())
                .bind("filter", request.explicitContentFilterOrDefault())
                .bind("afk", request.afkTimeoutOrDefault())
                .bind("system", systemChannelId.value())
                .bind("flags", request.systemChannelFlagsOrDefault());
        return (iconHash == null ? insert.bindNull("icon", String.class) : insert.bind("icon", iconHash)).then();
    }

    Mono<Void> insertRole(Snowflake guildId, StarterLayout.NewRole role) {
        return db.sql(
                        "INSERT INTO roles (id, guild_id, name, position, permissions) VALUES (:id, :guild, :name, :position, :permissions)")
                .bind("id", role.id().value())
                .bind("guild", guildId.value())
                .bind("name", role.name())
                .bind("position", role.position())
                .bind("permissions", role.permissions())
                .then();
    }

    Mono<Void> insertChannels(Snowflake guildId, List<NewChannel> channels) {
        return db.sql("""
                        INSERT INTO channels (id, guild_id, type, name, position, parent_id, bitrate, user_limit)
                        SELECT id, :guild, type, name, position, parent_id, bitrate, user_limit
                        FROM unnest(:ids::bigint[], :types::smallint[], :names::text[], :positions::integer[],
                                    :parents::bigint[], :bitrates::integer[], :limits::integer[])
                             AS c (id, type, name, position, parent_id, bitrate, user_limit)""")
                .bind("guild", guildId.value())
                .bind("ids", channels.stream().map(c -> c.id().value()).toArray(Long[]::new))
                .bind("types", channels.stream().map(c -> (short) c.type()).toArray(Short[]::new))
                .bind("names", channels.stream().map(NewChannel::name).toArray(String[]::new))
                .bind("positions", channels.stream().map(NewChannel::position).toArray(Integer[]::new))
                .bind(
                        "parents",
                        channels.stream()
                                .map(c -> c.parentId() == null
                                        ? null
                                        : c.parentId().value())
                                .toArray(Long[]::new))
                .bind("bitrates", channels.stream().map(NewChannel::bitrate).toArray(Integer[]::new))
                .bind("limits", channels.stream().map(NewChannel::userLimit).toArray(Integer[]::new))
                .then();
    }

    /** Adds a member with its {@code flags} and counts them in the guild, returning when they joined. */
    Mono<Instant> insertMember(Snowflake guildId, Snowflake userId, List<Snowflake> roleIds, int flags) {
        return db.sql("""
                        WITH joined AS (
                            INSERT INTO members (guild_id, user_id, role_ids, flags)
                            VALUES (:guild, :user, :roles, :flags)
                            RETURNING joined_at),
                        counted AS (
                            UPDATE guilds SET member_count = member_count + 1 WHERE id = :guild)
                        SELECT joined_at FROM joined""")
                .bind("guild", guildId.value())
                .bind("user", userId.value())
                .bind("roles", roleIds.stream().map(Snowflake::value).toArray(Long[]::new))
                .bind("flags", flags)
                .map(row -> Columns.requiredInstant(row, "joined_at"))
                .one();
    }

    Mono<Long> countGuildsOf(Snowflake userId) {
        return db.sql("SELECT count(*) AS n FROM members WHERE user_id = :user")
                .bind("user", userId.value())
                .map(row -> row.get("n", Long.class))
                .one();
    }

    /** The roles of several guilds at once, for lists of guilds. */
    Flux<RoleRow> rolesOf(List<Snowflake> guildIds) {
        return db.sql("SELECT * FROM roles WHERE guild_id = ANY(:guilds) ORDER BY position, id DESC")
                .bind("guilds", guildIds.stream().map(Snowflake::value).toArray(Long[]::new))
                .map(row -> new RoleRow(Columns.requiredSnowflake(row, "guild_id"), RoleData.read(row, mapper)))
                .all();
    }

    /** A user's membership of one guild, with the guild. */
    record Membership(GuildRow guild, MemberRow member) {}

    /** A page of the guild's member ids in id order, after {@code after}. */
    public Flux<Snowflake> memberIds(Snowflake guildId, long after, int limit) {
        return db.sql(
                        "SELECT user_id FROM members WHERE guild_id = :guild AND user_id > :after ORDER BY user_id LIMIT :limit")
                .bind("guild", guildId.value())
                .bind("after", after)
                .bind("limit", limit)
                .map(row -> Snowflake.of(row.get("user_id", Long.class)))
                .all();
    }

    /**
     * The user's guilds after {@code after} (or before {@code before}; either may be left unbounded) in id
     * order, with their member row.
     */
    Flux<Membership> guildsOf(Snowflake userId, @Nullable Snowflake before, @Nullable Snowflake after, int limit) {
        return db.sql("""
                        SELECT g.*, m.* FROM members m JOIN guilds g ON g.id = m.guild_id
                        WHERE m.user_id = :user AND m.guild_id > :after AND m.guild_id < :before
                        ORDER BY m.guild_id LIMIT :limit""")
                .bind("user", userId.value())
                .bind("after", after == null ? Long.MIN_VALUE : after.value())
                .bind("before", before == null ? Long.MAX_VALUE : before.value())
                .bind("limit", limit)
                .map(row -> new Membership(GuildRow.read(row), MemberRow.read(row)))
                .all();
    }

    Mono<Void> update(Snowflake guildId, List<ColumnChanges.Change> changes) {
        return ColumnChanges.update(db, "guilds", guildId.value(), changes);
    }

    Mono<List<Snowflake>> memberIds(Snowflake guildId) {
        return db.sql("SELECT user_id FROM members WHERE guild_id = :guild")
                .bind("guild", guildId.value())
                .map(row -> Snowflake.of(row.get("user_id", Long.class)))
                .all()
                .collectList();
    }

    /** Deletes the guild and, through the schema's cascades, everything in it. */
    Mono<Void> delete(Snowflake guildId) {
        return db.sql("DELETE FROM guilds WHERE id = :id")
                .bind("id", guildId.value())
                .then();
    }

    /** Removes a member and uncounts them; false when they were not one. */
    Mono<Boolean> deleteMember(Snowflake guildId, Snowflake userId) {
        return db.sql("""
                        WITH gone AS (DELETE FROM members WHERE guild_id = :guild AND user_id = :user RETURNING user_id),
                        counted AS (UPDATE guilds SET member_count = member_count - (SELECT count(*) FROM gone) WHERE id = :guild)
                        SELECT count(*) AS n FROM gone""")
                .bind("guild", guildId.value())
                .bind("user", userId.value())
                .map(row -> row.get("n", Long.class) > 0)
                .one();
    }

    record RoleRow(Snowflake guildId, RoleData data) {
        GuildRole forPermissions() {
            return data.forPermissions();
        }
    }
}
