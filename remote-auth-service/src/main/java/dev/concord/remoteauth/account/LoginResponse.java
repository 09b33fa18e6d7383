package dev.concord.remoteauth.account;

import dev.concord.platform.ids.Snowflake;

/** {@code {"user_id": "...", "token": "..."}}, the answer to a login. */
public record LoginResponse(Snowflake userId, String token) {

    @Override
    public String toString() {
        return "LoginResponse[user_id=" + userId + "]";
    }
}
