package dev.concord.guild.directories;

import dev.concord.platform.ids.Snowflake;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The {@code directory_entries} table; each method is one statement. */
@Component
final class DirectoryStore {

    /** Entries listed at most in one answer: a directory of a school, not of the world. */
    static final int MAX_LISTED = 1000;

    /**
     * The text an entry is found by: its entity's name and description, and its own description. Built at
     * search time so a renamed guild or event is found by its new name.
     */
    private static final String DOCUMENT = """
            to_tsvector('simple', coalesce(g.name, e.name, '') || ' ' || coalesce(g.description, e.description, '')
                                  || ' ' || coalesce(d.description, ''))""";

    private final DatabaseClient db;

    DirectoryStore(DatabaseClient db) {
        this.db = db;
    }

    /** Adds the entry; answers whether it is new (an entity is listed once per directory). */
    Mono<Boolean> insert(DirectoryEntryRow entry) {
        DatabaseClient.GenericExecuteSpec insert = db.sql("""
                        INSERT INTO directory_entries (directory_channel_id, guild_id, entity_id, type, primary_category_id,
                                                       description, author_id, created_at)
                        VALUES (:channel, :hub, :entity, :type, :category, :description, :author, :now)
                        ON CONFLICT DO NOTHING""")
                .bind("channel", entry.directoryChannelId().value())
                .bind("hub", entry.hubId().value())
                .bind("entity", entry.entityId().value())
                .bind("type", entry.type())
                .bind("category", entry.primaryCategoryId())
                .bind("author", entry.authorId().value())
                .bind("now", entry.createdAt().atOffset(ZoneOffset.UTC));
        insert = entry.description() == null
                ? insert.bindNull("description", String.class)
                : insert.bind("description", entry.description());
        return insert.fetch().rowsUpdated().map(added -> added > 0);
    }

    Mono<Void> update(DirectoryEntryRow entry) {
        DatabaseClient.GenericExecuteSpec update = db.sql("""
                        UPDATE directory_entries SET primary_category_id = :category, description = :description
                        WHERE directory_channel_id = :channel AND entity_id = :entity""")
                .bind("channel", entry.directoryChannelId().value())
                .bind("entity", entry.entityId().value())
                .bind("category", entry.primaryCategoryId());
        update = entry.description() == null
                ? update.bindNull("description", String.class)
                : update.bind("description", entry.description());
        return update.then();
    }

    Mono<Void> delete(Snowflake channelId, Snowflake entityId) {
        return db.sql("DELETE FROM directory_entries WHERE directory_channel_id = :channel AND entity_id = :entity")
                .bind("channel", channelId.value())
                .bind("entity", entityId.value())
                .then();
    }

    /** Deletes a directory's entries; answers them as they were. */
    Flux<DirectoryEntryRow> deleteOfChannel(Snowflake channelId) {
        return db.sql("DELETE FROM directory_entries WHERE directory_channel_id = :channel RETURNING *")
                .bind("channel", channelId.value())
                .map(DirectoryEntryRow::read)
                .all();
    }

    Mono<DirectoryEntryRow> find(Snowflake channelId, Snowflake entityId) {
        return db.sql("SELECT * FROM directory_entries WHERE directory_channel_id = :channel AND entity_id = :entity")
                .bind("channel", channelId.value())
                .bind("entity", entityId.value())
                .map(DirectoryEntryRow::read)
                .one();
    }

    /** The directory's entries, newest first, of a type and category if given. */
    Flux<DirectoryEntryRow> list(Snowflake channelId, @Nullable Integer type, @Nullable Integer categoryId) {
        return filtered(db.sql("""
                                SELECT * FROM directory_entries d
                                WHERE directory_channel_id = :channel
                                  AND (CAST(:type AS int) IS NULL OR d.type = :type)
                                  AND (CAST(:category AS int) IS NULL OR d.primary_category_id = :category)
                                ORDER BY created_at DESC, entity_id DESC LIMIT :limit"""), channelId, type, categoryId)
                .map(DirectoryEntryRow::read)
                .all();
    }

    /** The directory's entries of these entities, in id order. */
    Flux<DirectoryEntryRow> ofEntities(Snowflake channelId, List<Snowflake> entityIds) {
        return db.sql("""
                        SELECT * FROM directory_entries WHERE directory_channel_id = :channel AND entity_id = ANY(:entities)
                        ORDER BY entity_id""")
                .bind("channel", channelId.value())
                .bind("entities", entityIds.stream().map(Snowflake::value).toArray(Long[]::new))
                .map(DirectoryEntryRow::read)
                .all();
    }

    /** How many entries the directory has in each primary category. */
    Mono<Map<Integer, Long>> counts(Snowflake channelId) {
        return db.sql("""
                        SELECT primary_category_id, count(*) AS entries FROM directory_entries
                        WHERE directory_channel_id = :channel GROUP BY primary_category_id""")
                .bind("channel", channelId.value())
                .map(row -> Map.entry(
                        Objects.requireNonNull(row.get("primary_category_id", Integer.class), "category"),
                        Objects.requireNonNull(row.get("entries", Long.class), "entries")))
                .all()
                .collectMap(Map.Entry::getKey, Map.Entry::getValue);
    }

    /**
     * The entries whose text matches every word of {@code tsquery} (a prefix query built by
     * {@link dev.concord.guild.PrefixSearch}), best first, in PostgreSQL's full text search.
     */
    Flux<DirectoryEntryRow> search(
            Snowflake channelId, String tsquery, @Nullable Integer type, @Nullable Integer categoryId) {
        return filtered(
                        db.sql("SELECT d.* FROM directory_entries d"
                                        + " LEFT JOIN guilds g ON d.type = 0 AND g.id = d.entity_id"
                                        + " LEFT JOIN scheduled_events e ON d.type = 1 AND e.id = d.entity_id"
                                        + " WHERE d.directory_channel_id = :channel"
                                        + " AND (CAST(:type AS int) IS NULL OR d.type = :type)"
                                        + " AND (CAST(:category AS int) IS NULL OR d.primary_category_id = :category)"
                                        + " AND " + DOCUMENT + " @@ to_tsquery('simple', :query)"
                                        + " ORDER BY ts_rank(" + DOCUMENT + ", to_tsquery('simple', :query)) DESC,"
                                        + " d.created_at DESC LIMIT :limit")
                                .bind("query", tsquery),
                        channelId,
                        type,
                        categoryId)
                .map(DirectoryEntryRow::read)
                .all();
    }

    private static DatabaseClient.GenericExecuteSpec filtered(
            DatabaseClient.GenericExecuteSpec sql,
            Snowflake channelId,
            @Nullable Integer type,
            @Nullable Integer categoryId) {
        sql = sql.bind("channel", channelId.value()).bind("limit", MAX_LISTED);
        sql = type == null ? sql.bindNull("type", Integer.class) : sql.bind("type", type);
        return categoryId == null ? sql.bindNull("category", Integer.class) : sql.bind("category", categoryId);
    }

    /** Whether the entity is listed in any directory. */
    /** The directory channels listing the guild, a bounded few. */
    Flux<Snowflake> directoriesListing(Snowflake guildId, int limit) {
        return db.sql("""
                        SELECT directory_channel_id FROM directory_entries
                        WHERE type = 0 AND entity_id = :guild ORDER BY directory_channel_id LIMIT :limit""")
                .bind("guild", guildId.value())
                .bind("limit", limit)
                .map(row -> Snowflake.of(row.get("directory_channel_id", Long.class)))
                .all();
    }

    Mono<Boolean> listedAnywhere(int type, Snowflake entityId) {
        return db.sql("SELECT 1 FROM directory_entries WHERE type = :type AND entity_id = :entity LIMIT 1")
                .bind("type", type)
                .bind("entity", entityId.value())
                .map(row -> true)
                .one()
                .hasElement();
    }
}
