package dev.concord.social.preferences;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The marketing e-mail categories, by wire name, with the platform's defaults for a new account: mail
 * about the user's own messages and friends on, promotional mail (tips, recommendations and events,
 * updates and announcements, the clients' "marketing" group) and the Family Center digest off.
 */
enum EmailCategory {
    COMMUNICATION(true),
    SOCIAL(true),
    RECOMMENDATIONS_AND_EVENTS(false),
    TIPS(false),
    UPDATES_AND_ANNOUNCEMENTS(false),
    FAMILY_CENTER_DIGEST(false);

    static final List<String> NAMES =
            Arrays.stream(values()).map(EmailCategory::wireName).toList();

    private final boolean byDefault;

    EmailCategory(boolean byDefault) {
        this.byDefault = byDefault;
    }

    /** The constant's name in lower case, as on the wire. */
    String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    boolean byDefault() {
        return byDefault;
    }
}
