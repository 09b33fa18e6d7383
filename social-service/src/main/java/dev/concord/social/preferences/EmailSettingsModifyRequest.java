package dev.concord.social.preferences;

import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.Map;

/**
 * The body of {@code PATCH /users/@me/email-settings}: {@code {"settings": {"initialized"?, "categories"?}}},
 * categories a partial map of category to on/off. {@code settings} is required; inside it, a field left
 * out stays as it is, and none may be null.
 */
record EmailSettingsModifyRequest(Possible<Settings> settings) implements Violations.Validatable {

    record Settings(Possible<Boolean> initialized, Possible<Map<String, Boolean>> categories) {}

    @Override
    public void validate(Violations v) {
        if (!settings.isPresent()) {
            v.required("settings", null);
            return;
        }
        Violations inside = v.at("settings");
        inside.notNullIfSent("initialized", settings.get().initialized());
        inside.notNullIfSent("categories", settings.get().categories());
        if (settings.get().categories().isPresent()) {
            Violations categories = inside.at("categories");
            settings.get().categories().get().forEach((name, enabled) -> {
                categories.oneOf(name, name, EmailCategory.NAMES);
                categories.required(name, enabled);
            });
        }
    }

    /** The categories to set, possibly none. */
    Map<String, Boolean> categories() {
        return settings.get().categories().orElse(Map.of());
    }

    /**
     * Whether the settings count as initialized after this PATCH: as sent, or else true. The platform's
     * clients send only the category they toggled and read {@code initialized} back to stop offering
     * the opt-in prompt, so saving at all is what initializes them.
     */
    boolean initializedAfter() {
        return settings.get().initialized().orElse(true);
    }
}
