package dev.concord.guild.threads;

import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Violations;
import org.springframework.http.HttpStatus;

/** The platform's refusals about threads, with its codes. */
final class ThreadErrors {

    private ThreadErrors() {}

    /** 400 160004: a message starts at most one thread. */
    static ApiException messageHasThread() {
        return refusal(160004, "A thread has already been created for this message");
    }

    /** 400 40067: the forum requires a tag on every post. */
    static ApiException tagRequired() {
        return refusal(40067, "A tag is required to create a forum post in this channel");
    }

    /** 400 50083: an archived thread changes only by being opened again. */
    static ApiException archived() {
        return refusal(50083, "Operation cannot be performed on an archived thread");
    }

    /** A tag that is not one of the forum's. */
    static void unknownTag(Violations tags, int index) {
        tags.add(Integer.toString(index), "CHANNEL_TAG_INVALID", "Not a tag of this forum.");
    }

    private static ApiException refusal(int code, String message) {
        return new ApiException(HttpStatus.BAD_REQUEST, code, message);
    }
}
