package dev.concord.guild.discovery;

import dev.concord.guild.access.GuildRow;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * A guild as discovery shows it (the seed's "discoverable guild"): the public part of the guild, its member
 * count, and its discovery settings. The search adds its categories; the discovery page its reasons to
 * join, links, about and creation time. Presences are presence-service's, so the presence count is 0.
 */
record DiscoverableGuild(
        Snowflake id,
        String name,
        @Nullable String icon,
        @Nullable String description,
        @Nullable String banner,
        @Nullable String splash,
        @Nullable String discoverySplash,
        List<String> features,
        @Nullable String vanityUrlCode,
        String preferredLocale,
        int premiumSubscriptionCount,
        int approximateMemberCount,
        int approximatePresenceCount,
        boolean autoRemoved,
        int primaryCategoryId,
        Possible<DiscoveryCategories.Category> primaryCategory,
        @Nullable List<String> keywords,
        boolean isPublished,
        Possible<List<DiscoveryCategories.Category>> categories,
        Possible<List<DiscoveryReason>> reasonsToJoin,
        Possible<Optional<List<String>>> socialLinks,
        Possible<Optional<String>> about,
        Possible<List<Integer>> categoryIds,
        Possible<Instant> createdAt) {

    /** The guild as a list or search shows it. */
    static DiscoverableGuild listed(GuildRow guild, DiscoveryMetadata metadata) {
        return new DiscoverableGuild(
                guild.id(),
                guild.name(),
                guild.icon(),
                guild.description(),
                guild.banner(),
                guild.splash(),
                guild.discoverySplash(),
                guild.features(),
                guild.vanityUrlCode(),
                guild.preferredLocale(),
                guild.premiumSubscriptionCount(),
                guild.memberCount(),
                0,
                false,
                metadata.primaryCategoryId(),
                Possible.absent(),
                metadata.keywords(),
                metadata.isPublished(),
                Possible.absent(),
                Possible.absent(),
                Possible.absent(),
                Possible.absent(),
                Possible.absent(),
                Possible.absent());
    }

    /** With the categories a search names, in {@code locale}. */
    DiscoverableGuild withCategories(DiscoveryCategories catalogue, List<Integer> subcategories, String locale) {
        List<DiscoveryCategories.Category> named = Stream.concat(Stream.of(primaryCategoryId), subcategories.stream())
                .distinct()
                .map(id -> catalogue.find(id, locale))
                .flatMap(Optional::stream)
                .toList();
        return new DiscoverableGuild(
                id,
                name,
                icon,
                description,
                banner,
                splash,
                discoverySplash,
                features,
                vanityUrlCode,
                preferredLocale,
                premiumSubscriptionCount,
                approximateMemberCount,
                approximatePresenceCount,
                autoRemoved,
                primaryCategoryId,
                Possible.of(named.isEmpty() ? catalogue.find(0, locale).orElseThrow() : named.get(0)),
                keywords,
                isPublished,
                Possible.of(named),
                reasonsToJoin,
                socialLinks,
                about,
                categoryIds,
                createdAt);
    }

    /** With what only the guild's discovery page shows. */
    DiscoverableGuild withPage(DiscoveryMetadata metadata) {
        return new DiscoverableGuild(
                id,
                name,
                icon,
                description,
                banner,
                splash,
                discoverySplash,
                features,
                vanityUrlCode,
                preferredLocale,
                premiumSubscriptionCount,
                approximateMemberCount,
                approximatePresenceCount,
                autoRemoved,
                primaryCategoryId,
                primaryCategory,
                keywords,
                isPublished,
                categories,
                Possible.of(metadata.reasonsToJoin()),
                Possible.of(Optional.ofNullable(metadata.socialLinks())),
                Possible.of(Optional.ofNullable(metadata.about())),
                Possible.of(metadata.categoryIds()),
                Possible.of(id.timestamp()));
    }
}
