package dev.concord.webhook.messages;

import dev.concord.platform.web.Violations;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * Whether an interaction names a component the message really shows, usable as sent: the {@code custom_id}
 * of one of its buttons or select menus, of that type, not disabled; a select menu's values between its
 * {@code min_values} and {@code max_values}, each one of its options, none twice. 50035 naming the field.
 */
final class ComponentUse {

    private ComponentUse() {}

    static void check(JsonNode rows, InteractionRequest.Data data) {
        String customId = Objects.requireNonNull(data.customId());
        Violations v = new Violations();
        Violations at = v.at("data");
        JsonNode component = find(rows, customId);
        if (component == null) {
            at.add("custom_id", "COMPONENT_NOT_FOUND", "The message has no component with this custom_id.");
        } else if (component.path("type").asInt() != Objects.requireNonNull(data.componentType())) {
            at.add("component_type", "COMPONENT_TYPE_MISMATCH", "The component is not of this type.");
        } else if (component.path("disabled").asBoolean(false)) {
            at.add("custom_id", "COMPONENT_DISABLED", "The component is disabled.");
        } else if (component.path("type").asInt() == MessageComponent.SELECT_MENU) {
            values(at, component, data.values());
        } else if (data.values() != null) {
            at.add("values", "COMPONENT_VALUES_INVALID", "Only a select menu takes values.");
        }
        v.throwIfAny();
    }

    private static void values(Violations at, JsonNode menu, @Nullable List<String> values) {
        List<String> chosen = values == null ? List.of() : values;
        int min = menu.path("min_values").asInt(1);
        int max = menu.path("max_values").asInt(1);
        if (chosen.size() < min || chosen.size() > max) {
            at.add("values", "COMPONENT_VALUES_COUNT", "Choose between " + min + " and " + max + " options.");
            return;
        }
        Set<String> offered = new HashSet<>();
        menu.path("options").forEach(option -> offered.add(option.path("value").asString()));
        Set<String> seen = new HashSet<>();
        for (String value : chosen) {
            if (!offered.contains(value) || !seen.add(value)) {
                at.add("values", "COMPONENT_VALUES_INVALID", "Each value must be one of the menu's options, once.");
                return;
            }
        }
    }

    private static @Nullable JsonNode find(JsonNode rows, String customId) {
        for (JsonNode row : rows) {
            for (JsonNode component : row.path("components")) {
                if (customId.equals(component.path("custom_id").asString(null))) {
                    return component;
                }
            }
        }
        return null;
    }
}
