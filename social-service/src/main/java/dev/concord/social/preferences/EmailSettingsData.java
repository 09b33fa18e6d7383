package dev.concord.social.preferences;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The email settings object: {@code {"initialized": false, "categories": {"communication": true, ...}}},
 * every category present, in the platform's order.
 */
record EmailSettingsData(boolean initialized, Map<String, Boolean> categories) {

    static final EmailSettingsData DEFAULTS = of(false, Map.of());

    /** The stored choices overlaid on the defaults; choices for categories no longer offered are dropped. */
    static EmailSettingsData of(boolean initialized, Map<String, Boolean> chosen) {
        Map<String, Boolean> categories = new LinkedHashMap<>();
        for (EmailCategory category : EmailCategory.values()) {
            categories.put(category.wireName(), chosen.getOrDefault(category.wireName(), category.byDefault()));
        }
        return new EmailSettingsData(initialized, Collections.unmodifiableMap(categories));
    }
}
