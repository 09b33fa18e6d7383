package dev.concord.webhook.webhooks;

import dev.concord.platform.web.Violations;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * A webhook's name (and an execution's {@code username}): 1-80 characters, never containing the names
 * the platform keeps for itself, as it refuses them (case-insensitive, anywhere in the name).
 */
public final class WebhookName {

    public static final int MAX = 80;
    private static final List<String> RESERVED = List.of("clyde", "discord");

    private WebhookName() {}

    public static void check(Violations v, String field, @Nullable String name) {
        if (name == null) {
            return;
        }
        v.length(field, name, 1, MAX);
        String lower = name.toLowerCase(Locale.ROOT);
        for (String reserved : RESERVED) {
            if (lower.contains(reserved)) {
                v.add(field, "USERNAME_INVALID_CONTAINS", "Username cannot contain \"" + reserved + "\"");
            }
        }
    }
}
