package dev.concord.guild.discovery;

import dev.concord.guild.Columns;
import dev.concord.guild.access.GuildRow;
import dev.concord.platform.ids.Snowflake;
import io.r2dbc.postgresql.codec.Json;
import io.r2dbc.spi.Readable;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** Guilds' discovery settings and subcategories in PostgreSQL. */
@Component
final class DiscoveryStore {

    private static final TypeReference<List<DiscoveryReason>> REASONS = new TypeReference<>() {};

    private final DatabaseClient db;
    private final JsonMapper mapper;

    DiscoveryStore(DatabaseClient db, JsonMapper mapper) {
        this.db = db;
        this.mapper = mapper;
    }

    /** A discoverable guild with its settings. */
    record Found(GuildRow guild, DiscoveryMetadata metadata) {}

    /** One page of discoverable guilds, and how many match in all. */
    record Page(List<Found> guilds, long total) {}

    /**
     * A guild's discovery settings ({@code m}, the platform's defaults where it set none), under the names
     * {@link #read} takes, and the FROM they come from: after {@code SELECT} and what else a query reads.
     */
    private static final String SETTINGS_COLUMNS = """
                   g.id AS guild_id, coalesce(m.primary_category_id, 0) AS primary_category_id, m.keywords,
                   coalesce(m.emoji_discoverability_enabled, true) AS emoji_discoverability_enabled,
                   m.partner_actioned_timestamp, m.partner_application_timestamp,
                   coalesce(m.is_published, false) AS is_published,
                   coalesce(m.reasons_to_join, '[]') AS reasons_to_join, m.social_links, m.about,
                   ARRAY(SELECT s.category_id::integer FROM discovery_subcategories s
                         WHERE s.guild_id = g.id ORDER BY s.category_id) AS category_ids
            FROM guilds g LEFT JOIN discovery_metadata m ON m.guild_id = g.id""";

    private static final String IS_DISCOVERABLE = " WHERE 'DISCOVERABLE' = ANY(g.features)";

    /** Discoverable guilds with their settings. */
    private static final String DISCOVERABLE = "SELECT g.*, " + SETTINGS_COLUMNS + IS_DISCOVERABLE;

    /** What discovery search matches: the guild's name and description, its keywords and about. */
    private static final String DOCUMENT = """
            to_tsvector('simple', g.name || ' ' || coalesce(g.description, '') || ' '
                || array_to_string(coalesce(m.keywords, '{}'), ' ') || ' ' || coalesce(m.about, ''))""";

    private static final String IN_CATEGORIES = """
             AND (coalesce(m.primary_category_id, 0) = ANY(:categories)
                  OR EXISTS (SELECT 1 FROM discovery_subcategories s
                             WHERE s.guild_id = g.id AND s.category_id = ANY(:categories)))""";

    /** The discoverable guild with this id, if it is one. */
    Mono<Found> discoverable(Snowflake guildId) {
        return db.sql(DISCOVERABLE + " AND g.id = :id")
                .bind("id", guildId.value())
                .map(this::found)
                .one();
    }

    /** Those of these guilds that are discoverable, largest first. */
    Flux<Found> discoverable(List<Snowflake> guildIds) {
        return db.sql(DISCOVERABLE + " AND g.id = ANY(:ids) ORDER BY g.member_count DESC, g.id")
                .bind("ids", ids(guildIds))
                .map(this::found)
                .all();
    }

    /** The discoverable guilds these applications' bots are in, largest first. */
    Flux<Found> withApplications(List<Snowflake> applicationIds) {
        return db.sql(DISCOVERABLE
                        + " AND g.id IN (SELECT guild_id FROM integrations WHERE application_id = ANY(:apps))"
                        + " ORDER BY g.member_count DESC, g.id")
                .bind("apps", ids(applicationIds))
                .map(this::found)
                .all();
    }

    /** A page of discoverable guilds (in these categories, primary or sub, when named), largest first. */
    Mono<Page> page(@Nullable List<Integer> categories, int limit, int offset) {
        String where = categories == null ? "" : IN_CATEGORIES;
        DatabaseClient.GenericExecuteSpec spec = db.sql(paging(DISCOVERABLE + where, "member_count DESC, id"))
                .bind("limit", limit)
                .bind("offset", offset);
        if (categories != null) {
            spec = spec.bind(
                    "categories", categories.stream().map(Integer::shortValue).toArray(Short[]::new));
        }
        return paged(spec);
    }

    /**
     * Discoverable guilds matching a prefix query (PrefixSearch), best match first; only those with a
     * published page when {@code publishedOnly}; in a category when named.
     */
    Mono<Page> search(String tsquery, @Nullable Integer category, boolean publishedOnly, int limit, int offset) {
        String where = " AND " + DOCUMENT + " @@ to_tsquery('simple', :query)"
                + (publishedOnly ? " AND coalesce(m.is_published, false)" : "")
                + (category == null ? "" : IN_CATEGORIES);
        String select = "SELECT g.*, ts_rank(" + DOCUMENT + ", to_tsquery('simple', :query)) AS rank, "
                + SETTINGS_COLUMNS + IS_DISCOVERABLE;
        DatabaseClient.GenericExecuteSpec spec = db.sql(paging(select + where, "rank DESC, member_count DESC, id"))
                .bind("query", tsquery)
                .bind("limit", limit)
                .bind("offset", offset);
        if (category != null) {
            spec = spec.bind("categories", new Short[] {category.shortValue()});
        }
        return paged(spec);
    }

    /** Published discoverable guilds, largest first: discovery's landing pages without a query. */
    Mono<Page> published(int limit, int offset) {
        return paged(db.sql(paging(DISCOVERABLE + " AND coalesce(m.is_published, false)", "member_count DESC, id"))
                .bind("limit", limit)
                .bind("offset", offset));
    }

    /**
     * One page of {@code matched} in {@code order}, each row with the count of all matches; a page past the
     * last is one row of nothing but the count, so the total is known there too.
     */
    private static String paging(String matched, String order) {
        return "WITH matched AS (" + matched + "), page AS (SELECT * FROM matched ORDER BY " + order
                + " LIMIT :limit OFFSET :offset)"
                + " SELECT page.*, (SELECT count(*) FROM matched) AS total FROM (SELECT 1) AS one"
                + " LEFT JOIN page ON true ORDER BY " + order;
    }

    private Mono<Page> paged(DatabaseClient.GenericExecuteSpec spec) {
        return spec.map((row, meta) -> Map.entry(
                        row.get("id", Long.class) == null ? Optional.<Found>empty() : Optional.of(found(row)),
                        row.get("total", Long.class)))
                .all()
                .collectList()
                .map(rows -> new Page(
                        rows.stream().flatMap(entry -> entry.getKey().stream()).toList(),
                        rows.isEmpty() ? 0 : rows.get(0).getValue()));
    }

    private Found found(Readable row) {
        return new Found(GuildRow.read(row), read(row));
    }

    private static Long[] ids(List<Snowflake> ids) {
        return ids.stream().map(Snowflake::value).toArray(Long[]::new);
    }

    /** The guild's settings, the platform's defaults where it never set them; empty for no guild. */
    Mono<DiscoveryMetadata> metadata(Snowflake guildId) {
        return db.sql("SELECT " + SETTINGS_COLUMNS + " WHERE g.id = :guild")
                .bind("guild", guildId.value())
                .map(this::read)
                .one();
    }

    /** Replaces the guild's settings (the partner timestamps are nobody's to set here). */
    Mono<Void> replace(DiscoveryMetadata metadata) {
        DatabaseClient.GenericExecuteSpec spec = db.sql("""
                        INSERT INTO discovery_metadata (guild_id, primary_category_id, keywords,
                            emoji_discoverability_enabled, is_published, reasons_to_join, social_links, about)
                        VALUES (:guild, :category, :keywords, :emoji, :published, :reasons, :links, :about)
                        ON CONFLICT (guild_id) DO UPDATE SET
                            primary_category_id = excluded.primary_category_id, keywords = excluded.keywords,
                            emoji_discoverability_enabled = excluded.emoji_discoverability_enabled,
                            is_published = excluded.is_published, reasons_to_join = excluded.reasons_to_join,
                            social_links = excluded.social_links, about = excluded.about""")
                .bind("guild", metadata.guildId().value())
                .bind("category", (short) metadata.primaryCategoryId())
                .bind("emoji", metadata.emojiDiscoverabilityEnabled())
                .bind("published", metadata.isPublished())
                .bind("reasons", Json.of(mapper.writeValueAsString(metadata.reasonsToJoin())));
        spec = bindOrNull(spec, "keywords", texts(metadata.keywords()), String[].class);
        spec = bindOrNull(spec, "links", texts(metadata.socialLinks()), String[].class);
        spec = bindOrNull(spec, "about", metadata.about(), String.class);
        return spec.then();
    }

    /** Adds a subcategory; false when the guild had it already. */
    Mono<Boolean> addSubcategory(Snowflake guildId, int categoryId) {
        return db.sql("""
                        INSERT INTO discovery_subcategories (guild_id, category_id) VALUES (:guild, :category)
                        ON CONFLICT DO NOTHING""")
                .bind("guild", guildId.value())
                .bind("category", (short) categoryId)
                .fetch()
                .rowsUpdated()
                .map(inserted -> inserted > 0);
    }

    Mono<Void> removeSubcategory(Snowflake guildId, int categoryId) {
        return db.sql("DELETE FROM discovery_subcategories WHERE guild_id = :guild AND category_id = :category")
                .bind("guild", guildId.value())
                .bind("category", (short) categoryId)
                .then();
    }

    Mono<Long> subcategoryCount(Snowflake guildId) {
        return db.sql("SELECT count(*) AS n FROM discovery_subcategories WHERE guild_id = :guild")
                .bind("guild", guildId.value())
                .map(row -> row.get("n", Long.class))
                .one();
    }

    private DiscoveryMetadata read(Readable row) {
        Json reasons = row.get("reasons_to_join", Json.class);
        Integer[] categories = row.get("category_ids", Integer[].class);
        return new DiscoveryMetadata(
                Columns.requiredSnowflake(row, "guild_id"),
                Columns.integer(row, "primary_category_id"),
                list(row.get("keywords", String[].class)),
                Columns.bool(row, "emoji_discoverability_enabled"),
                Columns.instant(row, "partner_actioned_timestamp"),
                Columns.instant(row, "partner_application_timestamp"),
                Columns.bool(row, "is_published"),
                reasons == null ? List.of() : mapper.readValue(reasons.asString(), REASONS),
                list(row.get("social_links", String[].class)),
                row.get("about", String.class),
                categories == null ? List.of() : Arrays.asList(categories));
    }

    private static @Nullable List<String> list(String @Nullable [] values) {
        return values == null ? null : Arrays.asList(values);
    }

    private static String @Nullable [] texts(@Nullable List<String> values) {
        return values == null ? null : values.toArray(String[]::new);
    }

    private static DatabaseClient.GenericExecuteSpec bindOrNull(
            DatabaseClient.GenericExecuteSpec spec, String name, @Nullable Object value, Class<?> type) {
        return value == null ? spec.bindNull(name, type) : spec.bind(name, value);
    }
}
