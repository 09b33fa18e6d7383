package dev.concord.guild.discovery;

import dev.concord.guild.PrefixSearch;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Finding guilds: the discoverable ones (the DISCOVERABLE feature) listed, by ids or by the applications
 * in them, searched in PostgreSQL full text (name, description, keywords, about; every word a prefix), and
 * a published guild's discovery page. Largest first where nothing ranks them.
 */
@Service
final class DiscoverableGuilds {

    private final DiscoveryStore store;
    private final DiscoveryCategories categories;

    DiscoverableGuilds(DiscoveryStore store, DiscoveryCategories categories) {
        this.store = store;
        this.categories = categories;
    }

    /**
     * {@code GET /discoverable-guilds}: by {@code guildIds}, else by {@code applicationIds} (either ignores
     * the paging), else a page, in {@code categoryIds} when named.
     */
    Mono<Map<String, Object>> list(
            @Nullable List<Snowflake> guildIds,
            @Nullable List<Snowflake> applicationIds,
            @Nullable List<Integer> categoryIds,
            int limit,
            int offset) {
        if (guildIds != null || applicationIds != null) {
            Flux<DiscoveryStore.Found> named = guildIds != null
                    ? store.discoverable(guildIds)
                    : store.withApplications(Objects.requireNonNull(applicationIds));
            return named.map(found -> DiscoverableGuild.listed(found.guild(), found.metadata()))
                    .collectList()
                    .map(guilds -> answer(guilds, guilds.size(), limit, 0));
        }
        return store.page(categoryIds, limit, offset)
                .map(page -> answer(
                        page.guilds().stream()
                                .map(found -> DiscoverableGuild.listed(found.guild(), found.metadata()))
                                .toList(),
                        page.total(),
                        limit,
                        offset));
    }

    /** {@code GET /discoverable-guilds/search}: best match first, each with its categories named in {@code locale}. */
    Mono<List<DiscoverableGuild>> search(
            String query, @Nullable Integer categoryId, int limit, int offset, String locale) {
        String tsquery = PrefixSearch.tsquery(query);
        if (tsquery == null) {
            return Mono.just(List.of());
        }
        return store.search(tsquery, categoryId, false, limit, offset).map(page -> named(page, locale));
    }

    /** {@code GET /discovery/search}: published guilds only (those with a page), matching the query if one is given. */
    Mono<List<DiscoverableGuild>> landingPages(@Nullable String query, int limit, int offset, String locale) {
        String tsquery = query == null ? null : PrefixSearch.tsquery(query);
        Mono<DiscoveryStore.Page> found =
                tsquery == null ? store.published(limit, offset) : store.search(tsquery, null, true, limit, offset);
        return found.map(page -> named(page, locale));
    }

    /** {@code GET /discovery/{guild.id}}: a discoverable, published guild's slug and page; 404 10004 otherwise. */
    Mono<Map<String, Object>> page(Snowflake guildId) {
        return store.discoverable(guildId)
                .filter(found -> found.metadata().isPublished())
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.GUILD)))
                .map(found -> {
                    Map<String, Object> body = new LinkedHashMap<>();
                    body.put("slug", slug(found.guild().name(), guildId));
                    body.put(
                            "guild",
                            DiscoverableGuild.listed(found.guild(), found.metadata())
                                    .withCategories(
                                            categories,
                                            found.metadata().categoryIds(),
                                            DiscoveryCategories.DEFAULT_LOCALE)
                                    .withPage(found.metadata()));
                    return body;
                });
    }

    /** The page's address under the discovery base: the name's words in lower case, then the id. */
    static String slug(String name, Snowflake guildId) {
        String words = name.toLowerCase(Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{N}]+", "-")
                .replaceAll("(^-|-$)", "");
        return (words.isEmpty() ? "" : words + "-") + guildId.asString();
    }

    private List<DiscoverableGuild> named(DiscoveryStore.Page page, String locale) {
        return page.guilds().stream()
                .map(found -> DiscoverableGuild.listed(found.guild(), found.metadata())
                        .withCategories(categories, found.metadata().categoryIds(), locale))
                .toList();
    }

    private static Map<String, Object> answer(List<DiscoverableGuild> guilds, long total, int limit, int offset) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("guilds", guilds);
        body.put("total", total);
        body.put("limit", limit);
        body.put("offset", offset);
        return body;
    }
}
