package dev.concord.social.settings;

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
        ObjectNode tree = defaults.deepCopy();
        tree.setAll((ObjectNode) mapper.readTree(stored));
        UserSettingsData settings = mapper.treeToValue(tree, UserSettingsData.class);
        if (settings.customStatus() != null && settings.customStatus().expiredAt(now)) {
            tree.putNull("custom_status");
            return mapper.treeToValue(tree, UserSettingsData.class);
        }
        return settings;
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
