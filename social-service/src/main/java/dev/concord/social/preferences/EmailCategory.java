package dev.concord.social.preferences;

import java.util.Arrays;
import java.util.List;

/**
 * The marketing e-mail categories, by wire name, with the platform's defaults for a new account: mail
 * about the user's own messages and friends on, promotional mail (tips, recommendations and events,
 * updates and announcements, the clients' "marketing" group) and the Family Center digest off.
 */
enum EmailCategory {
    COMMUNICATION("communication", true),
    SOCIAL("social", true),
    RECOMMENDATIONS_AND_EVENTS("recommendations_and_events", false),
    TIPS("tips", false),
    UPDATES_AND_ANNOUNCEMENTS("updates_and_announcements", false),
    FAMILY_CENTER_DIGEST("family_center_digest", false);

    static final List<String> NAMES = Arrays.stream(values()).map(EmailCategory::wireName).toList();

    private final String wireName;
    private final boolean byDefault;

    EmailCategory(String wireName, boolean byDefault) {
        this.wireName = wireName;
        this.byDefault = byDefault;
    }

    String wireName() {
        return wireName;
    }

    boolean byDefault() {
        return byDefault;
    }
}
