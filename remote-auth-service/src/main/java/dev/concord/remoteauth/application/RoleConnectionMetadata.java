package dev.concord.remoteauth.application;

import dev.concord.platform.web.Locales;
import dev.concord.platform.web.Violations;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * One application role connection metadata record, as {@code PUT /applications/{id}/role-connections/metadata}
 * takes it and both routes show it. Its {@code type} says how a guild's configured value is compared with the
 * user's (1-4 integers, 5-6 dates, 7-8 booleans).
 */
record RoleConnectionMetadata(
        @Nullable Integer type,
        @Nullable String key,
        @Nullable String name,
        @Nullable Map<String, String> nameLocalizations,
        @Nullable String description,
        @Nullable Map<String, String> descriptionLocalizations) {

    /** The platform's limit of records per application. */
    static final int MAX_RECORDS = 5;

    static final int KEY_MAX = 50;
    static final int NAME_MAX = 100;
    static final int DESCRIPTION_MAX = 200;
    /** INTEGER_LESS_THAN_EQUAL (1) to BOOLEAN_NOT_EQUAL (8). */
    private static final List<Integer> TYPES = List.of(1, 2, 3, 4, 5, 6, 7, 8);

    private static final Pattern KEY = Pattern.compile("[a-z0-9_]+");

    /** Refuses the whole list, naming every bad field by its index; keys are unique within it. */
    static void validate(Violations violations, @Nullable List<@Nullable RoleConnectionMetadata> records) {
        if (records == null) {
            violations.add(null, "BASE_TYPE_REQUIRED", "This field is required");
            return;
        }
        violations.maxItems(null, records, MAX_RECORDS);
        Set<String> keys = new HashSet<>();
        for (int i = 0; i < records.size(); i++) {
            RoleConnectionMetadata record = records.get(i);
            Violations at = violations.at(i);
            if (record == null) {
                at.add(null, "BASE_TYPE_REQUIRED", "This field is required");
                continue;
            }
            record.validate(at);
            if (record.key != null && !keys.add(record.key)) {
                at.add("key", "APPLICATION_ROLE_CONNECTION_METADATA_DUPLICATE_KEY", "Keys must be unique.");
            }
        }
    }

    private void validate(Violations at) {
        at.required("type", type).oneOf("type", type, TYPES);
        at.required("key", key).length("key", key, 1, KEY_MAX);
        if (key != null && !key.isEmpty() && !KEY.matcher(key).matches()) {
            at.add(
                    "key",
                    "APPLICATION_ROLE_CONNECTION_METADATA_KEY_INVALID",
                    "Keys may only contain a-z, 0-9 and underscores.");
        }
        at.required("name", name).length("name", name, 1, NAME_MAX);
        at.required("description", description).length("description", description, 1, DESCRIPTION_MAX);
        localizations(at, "name_localizations", nameLocalizations, NAME_MAX);
        localizations(at, "description_localizations", descriptionLocalizations, DESCRIPTION_MAX);
    }

    /** Each key a locale the platform's clients ship, each value as long as the field it translates. */
    private static void localizations(Violations at, String field, @Nullable Map<String, String> values, int max) {
        if (values == null) {
            return;
        }
        Violations map = at.at(field);
        values.forEach((locale, text) -> {
            map.oneOf(locale, locale, Locales.SUPPORTED);
            map.required(locale, text).length(locale, text, 1, max);
        });
    }
}
