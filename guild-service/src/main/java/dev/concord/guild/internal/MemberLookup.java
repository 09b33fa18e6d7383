package dev.concord.guild.internal;

import dev.concord.guild.access.AccessStore;
import dev.concord.guild.access.MemberRow;
import dev.concord.guild.members.MemberData;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.UserDirectory;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Member objects for the gateway's member requests, in user id order: two reads whatever their number
 * (the members, then their users). A username prefix is matched in the user replica, case-insensitively;
 * a member the replica has not heard of yet is found by {@code ""} and by id, not by a prefix.
 */
@Service
public final class MemberLookup {

    private final DatabaseClient db;
    private final AccessStore guilds;
    private final UserDirectory users;

    MemberLookup(DatabaseClient db, AccessStore guilds, UserDirectory users) {
        this.db = db;
        this.guilds = guilds;
        this.users = users;
    }

    /** The member objects of those of {@code userIds} who are members, in user id order. */
    public Mono<List<MemberData>> byIds(Snowflake guildId, List<Snowflake> userIds) {
        return userIds.isEmpty() ? Mono.just(List.of()) : find(guildId, new MemberQuery(null, userIds, null, null));
    }

    /** 404 10004 for a guild that does not exist. */
    Mono<List<MemberData>> find(Snowflake guildId, MemberQuery query) {
        return guilds.find(guildId)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.GUILD)))
                .then(rows(guildId, query).collectList())
                .flatMap(rows -> users.require(
                                rows.stream().map(MemberRow::userId).toList())
                        .map(byId -> rows.stream()
                                .map(row -> MemberData.of(row, Objects.requireNonNull(byId.get(row.userId()))))
                                .toList()));
    }

    private Flux<MemberRow> rows(Snowflake guildId, MemberQuery query) {
        if (query.userIds() != null) {
            return db.sql("SELECT * FROM members WHERE guild_id = :guild AND user_id = ANY(:users) ORDER BY user_id")
                    .bind("guild", guildId.value())
                    .bind(
                            "users",
                            query.userIds().stream().map(Snowflake::value).toArray(Long[]::new))
                    .map(MemberRow::read)
                    .all();
        }
        String prefix = Objects.requireNonNullElse(query.query(), "");
        if (prefix.isEmpty()) {
            return db.sql("SELECT * FROM members WHERE guild_id = :guild AND user_id > :after"
                            + " ORDER BY user_id LIMIT :limit")
                    .bind("guild", guildId.value())
                    .bind("after", query.afterOrZero())
                    .bind("limit", query.limitOrMax())
                    .map(MemberRow::read)
                    .all();
        }
        return db.sql("""
                        SELECT m.* FROM members m JOIN user_replica u ON u.id = m.user_id
                        WHERE m.guild_id = :guild AND m.user_id > :after AND lower(u.username) LIKE :pattern
                        ORDER BY m.user_id LIMIT :limit""")
                .bind("guild", guildId.value())
                .bind("after", query.afterOrZero())
                .bind("pattern", likePrefix(prefix))
                .bind("limit", query.limitOrMax())
                .map(MemberRow::read)
                .all();
    }

    /** The prefix as a LIKE pattern, its own % and _ (and the escape, \) taken literally. */
    static String likePrefix(String prefix) {
        String lower = prefix.toLowerCase(Locale.ROOT);
        return lower.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
    }
}
