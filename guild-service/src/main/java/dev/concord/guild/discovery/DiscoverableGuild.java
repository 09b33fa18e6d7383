package dev.concord.guild.discovery;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.concord.guild.access.GuildRow;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * A guild as discovery shows it (the seed's "discoverable guild"): what every list shows, what a search adds
 * (its categories) and what only its discovery page shows, each flattened into the one JSON object.
 */
record DiscoverableGuild(
        @JsonUnwrapped Listed listed,
        @JsonUnwrapped Searched searched,
        @JsonUnwrapped Page page) {

    /**
     * The public part of the guild, its member count and its discovery settings. Presences are
     * presence-service's, so the presence count is 0; nothing removes guilds from discovery by itself here.
     */
    record Listed(
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
            @Nullable List<String> keywords,
            boolean isPublished) {}

    /** The guild's categories, named in the searcher's locale (absent outside a search). */
    record Searched(
            Possible<DiscoveryCategories.Category> primaryCategory,
            Possible<List<DiscoveryCategories.Category>> categories) {

        static final Searched NONE = new Searched(Possible.absent(), Possible.absent());
    }

    /** What only the guild's discovery page shows (absent elsewhere). */
    record Page(
            Possible<List<DiscoveryReason>> reasonsToJoin,
            Possible<Optional<List<String>>> socialLinks,
            Possible<Optional<String>> about,
            Possible<List<Integer>> categoryIds,
            Possible<Instant> createdAt) {

        static final Page NONE =
                new Page(Possible.absent(), Possible.absent(), Possible.absent(), Possible.absent(), Possible.absent());
    }

    /** The guild as a list shows it. */
    static DiscoverableGuild listed(GuildRow guild, DiscoveryMetadata metadata) {
        Listed listed = new Listed(
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
                metadata.keywords(),
                metadata.isPublished());
        return new DiscoverableGuild(listed, Searched.NONE, Page.NONE);
    }

    /** With its primary category and subcategories, named in {@code locale}, as a search shows them. */
    DiscoverableGuild withCategories(DiscoveryCategories catalogue, List<Integer> subcategories, String locale) {
        List<DiscoveryCategories.Category> named = Stream.concat(
                        Stream.of(listed.primaryCategoryId()), subcategories.stream())
                .distinct()
                .map(id -> catalogue.find(id, locale))
                .flatMap(Optional::stream)
                .toList();
        DiscoveryCategories.Category primary =
                named.isEmpty() ? catalogue.find(0, locale).orElseThrow() : named.get(0);
        return new DiscoverableGuild(listed, new Searched(Possible.of(primary), Possible.of(named)), page);
    }

    /** With what only the guild's discovery page shows. */
    DiscoverableGuild withPage(DiscoveryMetadata metadata) {
        return new DiscoverableGuild(
                listed,
                searched,
                new Page(
                        Possible.of(metadata.reasonsToJoin()),
                        Possible.of(Optional.ofNullable(metadata.socialLinks())),
                        Possible.of(Optional.ofNullable(metadata.about())),
                        Possible.of(metadata.categoryIds()),
                        Possible.of(listed.id().timestamp())));
    }
}
