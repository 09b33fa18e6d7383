package dev.concord.remoteauth.account;

import dev.concord.platform.web.Violations;
import java.util.regex.Pattern;

/**
 * A sane email address: ASCII, one {@code @}, a dot-atom local part of at most 64 characters and a
 * domain of valid DNS labels ending in an alphabetic TLD; at most 254 characters in all (RFC 5321). Quoted
 * local parts, IP literals and internationalised addresses are refused: no mail provider hands them out.
 */
final class EmailRules {

    static final int MAX_LENGTH = 254;

    private static final Pattern LOCAL =
            Pattern.compile("[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*");
    private static final Pattern DOMAIN =
            Pattern.compile("([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}");

    private EmailRules() {}

    static void check(Violations violations, String field, String email) {
        if (email == null) {
            return;
        }
        if (email.length() > MAX_LENGTH) {
            violations.add(field, "BASE_TYPE_BAD_LENGTH", "Must be " + MAX_LENGTH + " or fewer in length.");
        } else if (!isWellFormed(email)) {
            violations.add(field, "EMAIL_TYPE_INVALID_EMAIL", "Not a well formed email address.");
        }
    }

    static boolean isWellFormed(String email) {
        int at = email.lastIndexOf('@');
        if (at < 1 || at > 64 || at == email.length() - 1) {
            return false;
        }
        return LOCAL.matcher(email.substring(0, at)).matches()
                && DOMAIN.matcher(email.substring(at + 1)).matches();
    }
}
