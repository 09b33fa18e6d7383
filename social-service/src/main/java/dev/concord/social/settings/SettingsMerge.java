package dev.concord.social.settings;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Instant;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Moves settings between their three forms: the stored document (only what the user set), the complete
 * settings clients read, and a PATCH. Every comparison is made between trees written from the same
 * record type, so equal values always compare equal (an integer is never once an int and once a long).
 */
final class SettingsMerge {

    /** A PATCH applied: the complete result, and the fields whose value it changed. */
    record Changes(UserSettingsData settings, ObjectNode changed) {
        boolean none() {
            return changed.isEmpty();
        }
    }

    /**
     * Stored documents already overlaid on the defaults. A document is its own key, so an entry can never
     * be stale; reads of one user's unchanged settings skip parsing, which is most of a read's cost.
     */
    private final Cache<String, UserSettingsData> overlaid =
            Caffeine.newBuilder().maximumSize(10_000).build();

    private final JsonMapper mapper;
    private final ObjectNode defaults;

    SettingsMerge(JsonMapper mapper) {
        this.mapper = mapper;
        this.defaults = mapper.valueToTree(UserSettingsData.DEFAULTS);
    }

    /**
     * The settings a user sees: the defaults overlaid with the stored document ({@code "{}"} when there
     * is none). A custom status past its expiry is shown as none, without writing anything.
     */
    UserSettingsData read(String stored, Instant now) {
        UserSettingsData settings = overlaid.get(stored, this::overlay);
        if (settings.customStatus() != null && settings.customStatus().expiredAt(now)) {
            ObjectNode tree = mapper.valueToTree(settings);
            tree.putNull("custom_status");
            return mapper.treeToValue(tree, UserSettingsData.class);
        }
        return settings;
    }

    private UserSettingsData overlay(String stored) {
        ObjectNode tree = defaults.deepCopy();
        tree.setAll((ObjectNode) mapper.readTree(stored));
        return mapper.treeToValue(tree, UserSettingsData.class);
    }

    /** Applies a validated PATCH body to {@code current}. Fields sent with their current value are not changes. */
    Changes apply(UserSettingsData current, UserSettingsModifyRequest patch) {
        ObjectNode before = mapper.valueToTree(current);
        ObjectNode tree = before.deepCopy();
        tree.setAll((ObjectNode) mapper.valueToTree(patch));
        UserSettingsData merged = mapper.treeToValue(tree, UserSettingsData.class);
        ObjectNode after = mapper.valueToTree(merged);
        ObjectNode changed = mapper.createObjectNode();
        for (var field : after.properties()) {
            JsonNode previous = before.get(field.getKey());
            if (!field.getValue().equals(previous)) {
                changed.set(field.getKey(), field.getValue());
            }
        }
        return new Changes(merged, changed);
    }

    String write(ObjectNode document) {
        return mapper.writeValueAsString(document);
    }
}
