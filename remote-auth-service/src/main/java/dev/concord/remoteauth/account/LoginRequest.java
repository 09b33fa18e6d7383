package dev.concord.remoteauth.account;

import dev.concord.platform.web.Violations;

/**
 * {@code POST /auth/login}.
 *
 * @param login a username or an email address
 */
record LoginRequest(String login, String password) implements Violations.Validatable {

    @Override
    public void validate(Violations violations) {
        violations.required("login", login).required("password", password);
    }

    @Override
    public String toString() {
        return "LoginRequest[]";
    }
}
