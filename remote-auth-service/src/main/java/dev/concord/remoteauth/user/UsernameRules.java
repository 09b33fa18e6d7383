package dev.concord.remoteauth.user;

import dev.concord.platform.web.Violations;

/**
 * The platform's unique usernames: 2 to 32 characters of lowercase a-z, 0-9, {@code _} and {@code .},
 * never two periods in a row. Lowercase only, so the name shown is the name that is unique.
 */
public final class UsernameRules {

    public static final int MIN_LENGTH = 2;
    public static final int MAX_LENGTH = 32;

    private UsernameRules() {}

    /** Adds at most one error for {@code username} under {@code field}: the first rule it breaks. */
    public static void check(Violations violations, String field, String username) {
        if (username == null) {
            violations.required(field, null);
        } else if (username.length() < MIN_LENGTH || username.length() > MAX_LENGTH) {
            violations.add(
                    field,
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between " + MIN_LENGTH + " and " + MAX_LENGTH + " in length.");
        } else if (!allowedCharacters(username)) {
            violations.add(
                    field,
                    "USERNAME_INVALID_CONTAINS",
                    "Please only use numbers, letters, underscores _ , or periods .");
        } else if (username.contains("..")) {
            violations.add(field, "USERNAME_INVALID_CONTAINS", "Username cannot contain consecutive periods.");
        }
    }

    public static boolean isValid(String username) {
        Violations violations = new Violations();
        check(violations, "username", username);
        return violations.isEmpty();
    }

    private static boolean allowedCharacters(String username) {
        for (int i = 0; i < username.length(); i++) {
            char c = username.charAt(i);
            boolean allowed = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
            if (!allowed) {
                return false;
            }
        }
        return true;
    }
}
