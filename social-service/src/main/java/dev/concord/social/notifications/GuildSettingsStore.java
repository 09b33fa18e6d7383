package dev.concord.social.notifications;

import dev.concord.platform.ids.Snowflake;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The {@code user_guild_settings} table. Every read and write covers any number of guilds in one
 * statement (arrays, not one statement per guild).
 */
@Component
final class GuildSettingsStore {

    private final DatabaseClient db;
    private final GuildSettingsDocuments documents;

    GuildSettingsStore(DatabaseClient db, GuildSettingsDocuments documents) {
        this.db = db;
        this.documents = documents;
    }

    /**
     * Holds the user's notification settings lock until the transaction ends, so that one user's writes and
     * snapshots apply one after the other, each seeing the last. A lock rather than {@code FOR UPDATE}
     * because the rows a write creates do not exist yet to be locked. Its key is the user id: locks taken
     * in this database are all per user.
     */
    Mono<Void> lockUser(Snowflake userId) {
        return db.sql("SELECT pg_advisory_xact_lock(:user)")
                .bind("user", userId.value())
                .then();
    }

    /**
     * Whether the user is, as far as guild.events have told this service ({@code guild_members}), a
     * member of every one of these guilds. The private channels are no guild and always count.
     */
    Mono<Boolean> memberOfAll(Snowflake userId, Collection<GuildKey> guilds) {
        Long[] ids = guilds.stream()
                .filter(guild -> guild.id() != GuildKey.PRIVATE_ID)
                .map(GuildKey::id)
                .distinct()
                .toArray(Long[]::new);
        if (ids.length == 0) {
            return Mono.just(true);
        }
        return db.sql("SELECT count(*) AS n FROM guild_members WHERE user_id = :user AND guild_id = ANY(:guilds)")
                .bind("user", userId.value())
                .bind("guilds", ids)
                .map(row -> row.get("n", Long.class))
                .one()
                .map(count -> count == ids.length);
    }

    /** The user's stored settings of these guilds; guilds without a row are left out. */
    Mono<Map<GuildKey, UserGuildSettingsData>> find(Snowflake userId, Collection<GuildKey> guilds) {
        Long[] ids = guilds.stream().map(GuildKey::id).toArray(Long[]::new);
        return db.sql("""
                        SELECT guild_id, settings::text AS settings, version FROM user_guild_settings
                        WHERE user_id = :user AND guild_id = ANY(:guilds)""")
                .bind("user", userId.value())
                .bind("guilds", ids)
                .map(row -> {
                    GuildKey guild = GuildKey.of(row.get("guild_id", Long.class));
                    return documents.read(guild, row.get("settings", String.class), row.get("version", Long.class));
                })
                .all()
                .collect(Collectors.toMap(GuildSettingsStore::keyOf, settings -> settings));
    }

    /**
     * Writes these settings (whole, with their new versions) in one statement. Call it inside the
     * transaction holding {@link #lockUser}.
     */
    Mono<Void> saveAll(Snowflake userId, List<UserGuildSettingsData> changed) {
        if (changed.isEmpty()) {
            return Mono.empty();
        }
        return db.sql("""
                        INSERT INTO user_guild_settings (user_id, guild_id, settings, version)
                        SELECT :user, g.guild_id, g.settings::jsonb, g.version
                        FROM unnest(:guilds::bigint[], :settings::text[], :versions::bigint[]) AS g (guild_id, settings, version)
                        ON CONFLICT (user_id, guild_id) DO UPDATE
                        SET settings = EXCLUDED.settings, version = EXCLUDED.version, updated_at = now()""")
                .bind("user", userId.value())
                .bind("guilds", changed.stream().map(s -> keyOf(s).id()).toArray(Long[]::new))
                .bind("settings", changed.stream().map(documents::write).toArray(String[]::new))
                .bind(
                        "versions",
                        changed.stream().map(UserGuildSettingsData::version).toArray(Long[]::new))
                .then();
    }

    static GuildKey keyOf(UserGuildSettingsData settings) {
        return settings.guildId() == null ? GuildKey.PRIVATE_CHANNELS : GuildKey.of(settings.guildId());
    }
}
