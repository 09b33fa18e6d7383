package dev.concord.social.settings;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Rules for the guild-id lists of the settings. They are sets sent as JSON arrays: a repeated id has no
 * meaning (and in folders, a guild in two places of the sidebar is a contradiction), so it is refused
 * rather than silently dropped.
 */
final class GuildIdSets {

    /** A user is in at most 200 guilds (with premium), so no list of their guilds needs more. */
    static final int MAX_GUILDS = 200;

    private GuildIdSets() {}

    /** One standalone set: at most {@link #MAX_GUILDS}, no nulls, no repeats. */
    static void check(Violations v, String field, @Nullable List<Snowflake> ids) {
        if (ids == null) {
            return;
        }
        v.maxItems(field, ids, MAX_GUILDS);
        checkItems(v.at(field), ids, new HashSet<>());
    }

    /** The items of one list, with {@code seen} shared by lists that together form one set. */
    static void checkItems(Violations list, List<Snowflake> ids, Set<Snowflake> seen) {
        for (int i = 0; i < ids.size(); i++) {
            Snowflake id = ids.get(i);
            if (id == null) {
                list.required(Integer.toString(i), null);
            } else if (!seen.add(id)) {
                list.add(
                        Integer.toString(i), "SET_TYPE_ALREADY_CONTAINS_VALUE", "The set already contains this value.");
            }
        }
    }
}
