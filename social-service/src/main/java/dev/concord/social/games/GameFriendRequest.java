package dev.concord.social.games;

import dev.concord.platform.web.Violations;

/** The body of {@code POST /users/@me/game-relationships}: whom to ask, by username. */
record GameFriendRequest(String username) implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        v.required("username", username);
    }
}
