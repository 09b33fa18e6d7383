package dev.concord.remoteauth.application;

/**
 * Seed 002's discovery eligibility flags an application earns from its own fields; those that need a
 * review (verification, safety checks, approved commands) are never set, as no review runs here.
 */
final class DiscoveryEligibility {

    static final long TAG = 1L << 1;
    static final long DESCRIPTION = 1L << 2;
    static final long TERMS_OF_SERVICE = 1L << 3;
    static final long PRIVACY_POLICY = 1L << 4;
    static final long INSTALL_PARAMS = 1L << 5;

    private DiscoveryEligibility() {}

    static long of(ApplicationRow row) {
        long flags = 0;
        if (!row.tags().isEmpty()) {
            flags |= TAG;
        }
        if (!row.description().isBlank()) {
            flags |= DESCRIPTION;
        }
        if (row.termsOfServiceUrl() != null) {
            flags |= TERMS_OF_SERVICE;
        }
        if (row.privacyPolicyUrl() != null) {
            flags |= PRIVACY_POLICY;
        }
        if (row.installParams() != null || row.customInstallUrl() != null) {
            flags |= INSTALL_PARAMS;
        }
        return flags;
    }
}
