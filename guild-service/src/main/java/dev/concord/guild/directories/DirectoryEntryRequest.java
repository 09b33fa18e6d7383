package dev.concord.guild.directories;

import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.List;
import java.util.Optional;

/**
 * The body of {@code POST} (create) and {@code PATCH} (modify) {@code /channels/{id}/directory-entry/{entity_id}}:
 * the entry's type (create only; GUILD unless GUILD_SCHEDULED_EVENT), its primary category
 * (UNCATEGORIZED unless told) and description (200 at most; null or empty: none).
 */
record DirectoryEntryRequest(
        Possible<Integer> type, Possible<Integer> primaryCategoryId, Possible<Optional<String>> description)
        implements Violations.Validatable {

    static final int MAX_DESCRIPTION = 200;
    static final List<Integer> TYPES = List.of(DirectoryEntryRow.GUILD, DirectoryEntryRow.GUILD_SCHEDULED_EVENT);
    /** UNCATEGORIZED, SCHOOL_CLUB, CLASS, STUDY_SOCIAL, MISC: the platform names no category 4. */
    static final List<Integer> CATEGORIES = List.of(0, 1, 2, 3, 5);

    @Override
    public void validate(Violations v) {
        v.notNullIfSent("type", type);
        v.oneOf("type", type.orNull(), TYPES);
        v.notNullIfSent("primary_category_id", primaryCategoryId);
        v.oneOf("primary_category_id", primaryCategoryId.orNull(), CATEGORIES);
        v.length("description", Possible.valueOrNull(description), 0, MAX_DESCRIPTION);
    }

    int typeOrGuild() {
        return type.orElse(DirectoryEntryRow.GUILD);
    }
}
