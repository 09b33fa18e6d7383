package dev.concord.guild.access;

import dev.concord.platform.ids.Snowflake;
import java.util.Collection;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * The rows a guild is acted in through: the guild, one membership, the guild's roles. Every feature
 * reads them; each method is one statement.
 */
@Component
public final class AccessStore {

    private final DatabaseClient db;
    private final JsonMapper mapper;

    AccessStore(DatabaseClient db, JsonMapper mapper) {
        this.db = db;
        this.mapper = mapper;
    }

    public Mono<GuildRow> find(Snowflake guildId) {
        return db.sql("SELECT * FROM guilds WHERE id = :id")
                .bind("id", guildId.value())
                .map(GuildRow::read)
                .one();
    }

    /** These guilds (those that do not exist left out). */
    public Flux<GuildRow> findAll(Collection<Snowflake> guildIds) {
        return db.sql("SELECT * FROM guilds WHERE id = ANY(:ids)")
                .bind("ids", guildIds.stream().map(Snowflake::value).toArray(Long[]::new))
                .map(GuildRow::read)
                .all();
    }

    /** Locks the guild's row until the transaction ends, so changes to one guild apply one at a time. */
    public Mono<GuildRow> findForUpdate(Snowflake guildId) {
        return db.sql("SELECT * FROM guilds WHERE id = :id FOR UPDATE")
                .bind("id", guildId.value())
                .map(GuildRow::read)
                .one();
    }

    public Mono<MemberRow> member(Snowflake guildId, Snowflake userId) {
        return db.sql("SELECT * FROM members WHERE guild_id = :guild AND user_id = :user")
                .bind("guild", guildId.value())
                .bind("user", userId.value())
                .map(MemberRow::read)
                .one();
    }

    /** The memberships of these users in the guild (those not in it left out), in user id order. */
    public Flux<MemberRow> members(Snowflake guildId, Collection<Snowflake> userIds) {
        return db.sql("SELECT * FROM members WHERE guild_id = :guild AND user_id = ANY(:users) ORDER BY user_id")
                .bind("guild", guildId.value())
                .bind("users", userIds.stream().map(Snowflake::value).toArray(Long[]::new))
                .map(MemberRow::read)
                .all();
    }

    /** The guild's roles, bottom first. */
    public Flux<RoleData> roles(Snowflake guildId) {
        return db.sql("SELECT * FROM roles WHERE guild_id = :guild ORDER BY position, id DESC")
                .bind("guild", guildId.value())
                .map(row -> RoleData.read(row, mapper))
                .all();
    }
}
