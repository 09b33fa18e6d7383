package dev.concord.social.relationships;

import dev.concord.platform.web.Violations;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * POST {@code /users/@me/relationships}: a friend request by username. {@code discriminator} is null (or
 * "0") for users who moved to unique usernames, else the four digits of a legacy tag.
 */
record RelationshipAddRequest(String username, @Nullable String discriminator) implements Violations.Validatable {

    private static final Pattern DISCRIMINATOR = Pattern.compile("0|\\d{4}");

    @Override
    public void validate(Violations v) {
        v.required("username", username).length("username", username, 2, 32);
        if (discriminator != null && !DISCRIMINATOR.matcher(discriminator).matches()) {
            v.add("discriminator", "BASE_TYPE_BAD_DISCRIMINATOR", "Must be \"0\" or four digits.");
        }
    }

    /** The discriminator to match; null when any user of that name will do (migrated users have "0"). */
    @Nullable
    String discriminatorToMatch() {
        return discriminator == null || discriminator.equals("0") ? null : discriminator;
    }
}
