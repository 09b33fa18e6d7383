package dev.concord.guild.emojis;

import dev.concord.platform.ids.Snowflake;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The {@code emojis} table; each method is one statement. */
@Component
final class EmojiStore {

    /** How many emoji of each bucket a guild has. */
    record Counts(int normal, int animated, int premium) {}

    private final DatabaseClient db;

    EmojiStore(DatabaseClient db) {
        this.db = db;
    }

    Mono<EmojiRow> insert(EmojiRow emoji, Instant now) {
        DatabaseClient.GenericExecuteSpec insert = db.sql("""
                        INSERT INTO emojis (id, guild_id, application_id, name, role_ids, user_id, animated, premium,
                                            available, format, created_at)
                        VALUES (:id, :guild, :application, :name, :roles, :user, :animated, :premium, :available,
                                :format, :now)
                        RETURNING *""")
                .bind("id", emoji.id().value())
                .bind("name", emoji.name())
                .bind("roles", boxed(emoji.roleIds()))
                .bind("user", emoji.userId().value())
                .bind("animated", emoji.animated())
                .bind("premium", emoji.premium())
                .bind("available", emoji.available())
                .bind("format", emoji.format().name().toLowerCase(Locale.ROOT))
                .bind("now", now);
        insert = emoji.guildId() == null
                ? insert.bindNull("guild", Long.class)
                : insert.bind("guild", emoji.guildId().value());
        insert = emoji.applicationId() == null
                ? insert.bindNull("application", Long.class)
                : insert.bind("application", emoji.applicationId().value());
        return insert.map(EmojiRow::read).one();
    }

    /** The guild's emoji, oldest first, as the platform lists them. */
    Flux<EmojiRow> ofGuild(Snowflake guildId) {
        return db.sql("SELECT * FROM emojis WHERE guild_id = :guild ORDER BY id")
                .bind("guild", guildId.value())
                .map(EmojiRow::read)
                .all();
    }

    /** The emoji of these guilds, oldest first within each. */
    Flux<EmojiRow> ofGuilds(List<Snowflake> guildIds) {
        return db.sql("SELECT * FROM emojis WHERE guild_id = ANY(:guilds) ORDER BY guild_id, id")
                .bind("guilds", guildIds.stream().map(Snowflake::value).toArray(Long[]::new))
                .map(EmojiRow::read)
                .all();
    }

    /** The application's emoji, oldest first. */
    Flux<EmojiRow> ofApplication(Snowflake applicationId) {
        return db.sql("SELECT * FROM emojis WHERE application_id = :application ORDER BY id")
                .bind("application", applicationId.value())
                .map(EmojiRow::read)
                .all();
    }

    Mono<EmojiRow> findInApplication(Snowflake applicationId, Snowflake emojiId) {
        return db.sql("SELECT * FROM emojis WHERE id = :id AND application_id = :application")
                .bind("id", emojiId.value())
                .bind("application", applicationId.value())
                .map(EmojiRow::read)
                .one();
    }

    Mono<Long> countOfApplication(Snowflake applicationId) {
        return db.sql("SELECT count(*) FROM emojis WHERE application_id = :application")
                .bind("application", applicationId.value())
                .map(row -> row.get(0, Long.class))
                .one();
    }

    /** Whether another emoji of the application has this name (the platform's names are unique per application). */
    Mono<Boolean> applicationNameTaken(Snowflake applicationId, String name, Snowflake except) {
        return db.sql("SELECT 1 FROM emojis WHERE application_id = :application AND name = :name AND id <> :except")
                .bind("application", applicationId.value())
                .bind("name", name)
                .bind("except", except.value())
                .map(row -> true)
                .one()
                .hasElement();
    }

    /** Holds the application's emoji changes to one at a time until the transaction ends (its limit, its names). */
    Mono<Void> lockApplication(Snowflake applicationId) {
        return db.sql("SELECT pg_advisory_xact_lock(:application)")
                .bind("application", applicationId.value())
                .then();
    }

    /** Deletes the application's emoji; answers their ids. */
    Flux<Snowflake> deleteOfApplication(Snowflake applicationId) {
        return db.sql("DELETE FROM emojis WHERE application_id = :application RETURNING id")
                .bind("application", applicationId.value())
                .map(row -> Snowflake.of(row.get("id", Long.class)))
                .all();
    }

    Mono<EmojiRow> findInGuild(Snowflake guildId, Snowflake emojiId) {
        return db.sql("SELECT * FROM emojis WHERE id = :id AND guild_id = :guild")
                .bind("id", emojiId.value())
                .bind("guild", guildId.value())
                .map(EmojiRow::read)
                .one();
    }

    Mono<Counts> counts(Snowflake guildId) {
        return db.sql("""
                        SELECT count(*) FILTER (WHERE NOT premium AND NOT animated) AS normal,
                               count(*) FILTER (WHERE NOT premium AND animated) AS animated,
                               count(*) FILTER (WHERE premium) AS premium
                        FROM emojis WHERE guild_id = :guild""")
                .bind("guild", guildId.value())
                .map(row -> new Counts(
                        row.get("normal", Long.class).intValue(),
                        row.get("animated", Long.class).intValue(),
                        row.get("premium", Long.class).intValue()))
                .one();
    }

    /**
     * Makes the guild's oldest still and animated emoji available up to each bucket's limit and the rest
     * unavailable (premium ones have a limit no tier changes); answers how many changed.
     */
    Mono<Long> fitAvailability(Snowflake guildId, EmojiLimits limits) {
        return db.sql("""
                        WITH ranked AS (
                          SELECT id, row_number() OVER (PARTITION BY animated ORDER BY id) <=
                                     CASE WHEN animated THEN :animated ELSE :normal END AS fits
                          FROM emojis WHERE guild_id = :guild AND NOT premium)
                        UPDATE emojis e SET available = r.fits
                        FROM ranked r WHERE e.id = r.id AND e.available <> r.fits""")
                .bind("guild", guildId.value())
                .bind("normal", limits.normal())
                .bind("animated", limits.animated())
                .fetch()
                .rowsUpdated();
    }

    Mono<EmojiRow> rename(Snowflake emojiId, String name) {
        return db.sql("UPDATE emojis SET name = :name WHERE id = :id RETURNING *")
                .bind("id", emojiId.value())
                .bind("name", name)
                .map(EmojiRow::read)
                .one();
    }

    Mono<EmojiRow> setRoles(Snowflake emojiId, long[] roleIds) {
        return db.sql("UPDATE emojis SET role_ids = :roles WHERE id = :id RETURNING *")
                .bind("id", emojiId.value())
                .bind("roles", boxed(roleIds))
                .map(EmojiRow::read)
                .one();
    }

    Mono<Void> delete(Snowflake emojiId) {
        return db.sql("DELETE FROM emojis WHERE id = :id")
                .bind("id", emojiId.value())
                .then();
    }

    /** The ids of the guild's guild_subscription integrations: roles tagged with one are subscription roles. */
    Flux<String> subscriptionIntegrations(Snowflake guildId) {
        return db.sql("SELECT id FROM integrations WHERE guild_id = :guild AND type = 'guild_subscription'")
                .bind("guild", guildId.value())
                .map(row -> String.valueOf(row.get("id", Long.class)))
                .all();
    }

    /** Any emoji by its id, a guild's or an application's (the CDN's read); empty for an id of none. */
    Mono<EmojiRow> find(Snowflake emojiId) {
        return db.sql("SELECT * FROM emojis WHERE id = :id")
                .bind("id", emojiId.value())
                .map(EmojiRow::read)
                .one();
    }

    private static Long[] boxed(long[] values) {
        return Arrays.stream(values).boxed().toArray(Long[]::new);
    }
}
