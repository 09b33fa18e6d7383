package dev.concord.social.preferences;

import org.jspecify.annotations.Nullable;

/**
 * The consents object: {@code {"personalization": {"consented": true}, "usage_statistics": {...}}}.
 * Both are always present, the default standing in for one the user never answered.
 */
record ConsentsData(Consent personalization, Consent usageStatistics) {

    record Consent(boolean consented) {}

    /** From the stored answers, null meaning "never answered". */
    static ConsentsData of(@Nullable Boolean personalization, @Nullable Boolean usageStatistics) {
        return new ConsentsData(
                new Consent(personalization != null ? personalization : ConsentType.PERSONALIZATION.byDefault()),
                new Consent(usageStatistics != null ? usageStatistics : ConsentType.USAGE_STATISTICS.byDefault()));
    }
}
