package dev.concord.remoteauth.account;

import dev.concord.platform.web.Violations;
import dev.concord.remoteauth.password.PasswordRules;
import dev.concord.remoteauth.user.UsernameRules;

/** {@code POST /auth/register}. */
record RegisterRequest(String username, String password, String email, String globalName)
        implements Violations.Validatable {

    static final int MAX_GLOBAL_NAME = 32;

    @Override
    public void validate(Violations violations) {
        UsernameRules.check(violations, "username", username);
        PasswordRules.check(violations, "password", password);
        EmailRules.check(violations, "email", email);
        violations.length("global_name", globalName, 1, MAX_GLOBAL_NAME);
    }

    /** Without the password and email: a logged request must not expose them. */
    @Override
    public String toString() {
        return "RegisterRequest[username=" + username + "]";
    }
}
