package dev.concord.remoteauth.user;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import org.jspecify.annotations.Nullable;

/**
 * The answer to {@code PATCH /users/@me}: the user object, plus a fresh {@code token} after a password
 * change, since that change revoked the token the client was using.
 */
record ModifiedUser(
        @JsonUnwrapped UserObject user,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String token) {

    @Override
    public String toString() {
        return "ModifiedUser[id=" + user.id() + "]";
    }
}
