package dev.concord.social.family;

import java.util.List;

/**
 * A link's state, and who may move it where. The seed shows creating a request (1) and disconnecting
 * (3, by either party); the rest is the platform's behaviour: only the linked user answers a request,
 * accepting (2) or rejecting (4) it, and a request or a connection ends with 3. Rejected and
 * disconnected links stay as they are until the requestor sends a new request (a new code).
 */
enum LinkStatus {
    REQUESTED(1),
    CONNECTED(2),
    DISCONNECTED(3),
    REJECTED(4);

    /** The values a PATCH may ask for: a request is only ever made by POST. */
    static final List<Integer> SETTABLE = List.of(2, 3, 4);

    final int value;

    LinkStatus(int value) {
        this.value = value;
    }

    static LinkStatus of(int value) {
        for (LinkStatus status : values()) {
            if (status.value == value) {
                return status;
            }
        }
        throw new IllegalArgumentException("no link status " + value);
    }

    /** Counts towards the requestor's limit and blocks a second request between the same two users. */
    boolean isActive() {
        return this == REQUESTED || this == CONNECTED;
    }

    /** Whether the requestor ({@code byRequestor}) or the linked user may move a link from here to {@code next}. */
    boolean mayMoveTo(LinkStatus next, boolean byRequestor) {
        if (next == DISCONNECTED) {
            return isActive();
        }
        return !byRequestor && this == REQUESTED && (next == CONNECTED || next == REJECTED);
    }
}
