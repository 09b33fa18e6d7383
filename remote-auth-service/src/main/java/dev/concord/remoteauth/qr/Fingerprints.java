package dev.concord.remoteauth.qr;

import dev.concord.platform.web.Violations;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A key's fingerprint as QR codes carry it and phones send it back: the base64url SHA-256 of the SPKI,
 * unpadded, 43 characters. One rule and one refusal for every place that takes one.
 */
public final class Fingerprints {

    /** 256 bits, base64url without padding: fingerprints, handshake secrets and tickets alike. */
    static final Pattern BASE64URL_256 = Pattern.compile("[A-Za-z0-9_-]{43}");

    private Fingerprints() {}

    public static boolean isWellFormed(@Nullable String value) {
        return value != null && BASE64URL_256.matcher(value).matches();
    }

    /** Adds the platform's field error for a malformed {@code value} of {@code field}; a missing one is left to {@code required}. */
    public static Violations check(Violations violations, String field, @Nullable String value) {
        if (value != null && !isWellFormed(value)) {
            violations.add(field, "REMOTE_AUTH_INVALID_FINGERPRINT", "Must be the fingerprint of a QR code.");
        }
        return violations;
    }
}
