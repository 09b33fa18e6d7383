package dev.concord.social.relationships;

import dev.concord.platform.web.ApiException;
import org.springframework.http.HttpStatus;

/** The platform's relationship refusals, with its codes (game relationships share them). */
public final class RelationshipErrors {

    private RelationshipErrors() {}

    /** The target's friend source flags do not let the caller send them a request. */
    public static ApiException incomingDisabled() {
        return refusal(80000, "Incoming friend requests disabled");
    }

    /** One of the two has blocked the other. */
    public static ApiException blocked() {
        return refusal(80001, "Incoming friend request blocked");
    }

    public static ApiException bot() {
        return refusal(80002, "Cannot send friend request to a bot");
    }

    public static ApiException self() {
        return refusal(80003, "Cannot send friend request to self");
    }

    /** POST by username found nobody. */
    public static ApiException noSuchTag() {
        return refusal(80004, "No users with DiscordTag exist");
    }

    public static ApiException alreadyFriends() {
        return refusal(80007, "You are already friends with that user");
    }

    public static ApiException tooManyFriends() {
        return refusal(30002, "Maximum number of friends reached (" + RelationshipService.MAX_FRIENDS + ")");
    }

    private static ApiException refusal(int code, String message) {
        return new ApiException(HttpStatus.BAD_REQUEST, code, message);
    }
}
