package dev.concord.remoteauth.password;

import dev.concord.platform.web.Violations;

/**
 * Limits on new passwords. The upper bound keeps hashing input small, whatever the body size limit is.
 */
public final class PasswordRules {

    public static final int MIN_LENGTH = 8;
    public static final int MAX_LENGTH = 72;

    private PasswordRules() {}

    public static void check(Violations violations, String field, String password) {
        if (password == null) {
            violations.required(field, null);
            return;
        }
        int length = password.codePointCount(0, password.length());
        if (length < MIN_LENGTH) {
            violations.add(field, "PASSWORD_TOO_SHORT", "Must be at least " + MIN_LENGTH + " characters long.");
        } else if (length > MAX_LENGTH) {
            violations.add(
                    field,
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between " + MIN_LENGTH + " and " + MAX_LENGTH + " in length.");
        }
    }
}
