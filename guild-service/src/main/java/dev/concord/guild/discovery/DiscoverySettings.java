package dev.concord.guild.discovery;

import dev.concord.guild.GuildErrors;
import dev.concord.guild.access.GuildAccesses;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * A guild's discovery settings and subcategories, for members with MANAGE_GUILD: read, replaced whole by
 * a PATCH (its primary category must be one a guild may take, each keyword a valid discovery term), and
 * up to 5 subcategories (30030 beyond; 10059 for no such category).
 */
@Service
final class DiscoverySettings {

    static final int MAX_SUBCATEGORIES = 5;

    private final DiscoveryStore store;
    private final DiscoveryCategories categories;
    private final DiscoveryTerms terms;
    private final GuildAccesses accesses;
    private final TransactionalOperator transactions;
    private final Clock clock;

    DiscoverySettings(
            DiscoveryStore store,
            DiscoveryCategories categories,
            DiscoveryTerms terms,
            GuildAccesses accesses,
            TransactionalOperator transactions,
            Clock clock) {
        this.store = store;
        this.categories = categories;
        this.terms = terms;
        this.accesses = accesses;
        this.transactions = transactions;
        this.clock = clock;
    }

    Mono<DiscoveryMetadata> get(Snowflake guildId, Snowflake userId) {
        return managed(guildId, userId, false).then(store.metadata(guildId));
    }

    Mono<DiscoveryMetadata> replace(Snowflake guildId, Snowflake userId, DiscoveryMetadataRequest request) {
        checkAgainstLists(request);
        Mono<DiscoveryMetadata> replaced = managed(guildId, userId, true)
                .then(store.metadata(guildId))
                .flatMap(current -> store.replace(new DiscoveryMetadata(
                        guildId,
                        request.primaryCategoryOrDefault(),
                        request.keywordsOrNull(),
                        orDefault(request.emojiDiscoverabilityEnabled(), true),
                        current.partnerActionedTimestamp(),
                        current.partnerApplicationTimestamp(),
                        orDefault(request.isPublished(), false),
                        reasons(request),
                        Possible.valueOrNull(request.socialLinks()),
                        Possible.valueOrNull(request.about()),
                        current.categoryIds())))
                .then(store.metadata(guildId));
        return transactions.transactional(replaced);
    }

    /** Adds a subcategory (204 also when the guild had it). */
    Mono<Void> addSubcategory(Snowflake guildId, Snowflake userId, int categoryId) {
        requireCategory(categoryId);
        Mono<Void> added = managed(guildId, userId, true)
                .then(store.subcategoryCount(guildId))
                .flatMap(count -> store.addSubcategory(guildId, categoryId)
                        .flatMap(inserted -> inserted && count >= MAX_SUBCATEGORIES
                                ? Mono.error(GuildErrors.tooManyDiscoverySubcategories(MAX_SUBCATEGORIES))
                                : Mono.empty()));
        return transactions.transactional(added);
    }

    Mono<Void> removeSubcategory(Snowflake guildId, Snowflake userId, int categoryId) {
        requireCategory(categoryId);
        return transactions.transactional(
                managed(guildId, userId, true).then(store.removeSubcategory(guildId, categoryId)));
    }

    private Mono<Void> managed(Snowflake guildId, Snowflake userId, boolean lock) {
        return accesses.load(guildId, userId, lock)
                .map(access -> access.require(Permission.MANAGE_GUILD, clock.instant()))
                .then();
    }

    private void checkAgainstLists(DiscoveryMetadataRequest request) {
        Violations v = new Violations();
        int category = request.primaryCategoryOrDefault();
        if (!categories.isPrimary(category)) {
            v.add(
                    "primary_category_id",
                    "DISCOVERY_CATEGORY_NOT_PRIMARY",
                    "Not a category a guild may take as primary.");
        }
        List<String> keywords = request.keywordsOrNull();
        if (keywords != null) {
            for (int i = 0; i < keywords.size(); i++) {
                if (!terms.isValid(keywords.get(i))) {
                    v.at("keywords").add(Integer.toString(i), "DISCOVERY_TERM_INVALID", "This term is not allowed.");
                }
            }
        }
        v.throwIfAny();
    }

    /** A subcategory names a category of the catalogue; 0 is the absence of one (a guild's default primary). */
    private void requireCategory(int categoryId) {
        if (categoryId == 0 || !categories.exists(categoryId)) {
            throw ApiErrors.unknown(Unknown.DISCOVERY_CATEGORY);
        }
    }

    private static List<DiscoveryReason> reasons(DiscoveryMetadataRequest request) {
        List<DiscoveryMetadataRequest.Reason> sent = Possible.valueOrNull(request.reasonsToJoin());
        return sent == null
                ? List.of()
                : sent.stream()
                        .map(reason -> new DiscoveryReason(
                                reason.reason().get(),
                                Possible.valueOrNull(reason.emojiId()),
                                Possible.valueOrNull(reason.emojiName())))
                        .toList();
    }

    private static boolean orDefault(Possible<Optional<Boolean>> value, boolean fallback) {
        Boolean sent = Possible.valueOrNull(value);
        return sent == null ? fallback : sent;
    }
}
