package dev.concord.social.preferences;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The data-use consents a user answers, by wire name. Both default to granted: on the platform a new
 * account has "use data to improve" and "use data to personalise" switched on until the user turns
 * them off in the privacy settings.
 */
enum ConsentType {
    PERSONALIZATION(true),
    USAGE_STATISTICS(true);

    static final List<String> NAMES =
            Arrays.stream(values()).map(ConsentType::wireName).toList();

    private final boolean byDefault;

    ConsentType(boolean byDefault) {
        this.byDefault = byDefault;
    }

    /** The constant's name in lower case, as on the wire. */
    String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    boolean byDefault() {
        return byDefault;
    }

    static Optional<ConsentType> named(String name) {
        return Arrays.stream(values())
                .filter(type -> type.wireName().equals(name))
                .findFirst();
    }
}
