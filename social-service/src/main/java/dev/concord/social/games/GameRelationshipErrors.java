package dev.concord.social.games;

import dev.concord.platform.web.ApiException;
import org.springframework.http.HttpStatus;

/** The platform's relationship errors (the 8000x codes its clients know), for game relationships. */
final class GameRelationshipErrors {

    private GameRelationshipErrors() {}

    static ApiException targetIsABot() {
        return new ApiException(HttpStatus.BAD_REQUEST, 80002, "Cannot send friend request to a bot");
    }

    static ApiException targetIsSelf() {
        return new ApiException(HttpStatus.BAD_REQUEST, 80003, "Cannot send friend request to self");
    }

    /** A request by username that matches nobody. */
    static ApiException noSuchUsername() {
        return new ApiException(HttpStatus.BAD_REQUEST, 80004, "No users with DiscordTag exist");
    }
}
