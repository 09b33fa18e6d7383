package dev.concord.guild.discovery;

import dev.concord.platform.ids.Snowflake;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A guild's discovery settings as {@code GET/PATCH /guilds/{id}/discovery-metadata} answer them; a guild
 * that never set them has the platform's defaults (category 0, emoji discoverability on, unpublished).
 * Nobody applies to the partner program here, so both partner timestamps stay null.
 */
record DiscoveryMetadata(
        Snowflake guildId,
        int primaryCategoryId,
        @Nullable List<String> keywords,
        boolean emojiDiscoverabilityEnabled,
        @Nullable Instant partnerActionedTimestamp,
        @Nullable Instant partnerApplicationTimestamp,
        boolean isPublished,
        List<DiscoveryReason> reasonsToJoin,
        @Nullable List<String> socialLinks,
        @Nullable String about,
        List<Integer> categoryIds) {

    DiscoveryMetadata {
        keywords = keywords == null ? null : List.copyOf(keywords);
        reasonsToJoin = List.copyOf(reasonsToJoin);
        socialLinks = socialLinks == null ? null : List.copyOf(socialLinks);
        categoryIds = List.copyOf(categoryIds);
    }
}
