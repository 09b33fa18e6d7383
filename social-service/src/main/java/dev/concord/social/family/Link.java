package dev.concord.social.family;

import dev.concord.platform.ids.Snowflake;
import java.time.OffsetDateTime;

/** A stored link between a requestor and a linked user. */
record Link(
        Snowflake requestorId,
        Snowflake userId,
        LinkStatus status,
        OffsetDateTime createdAt,
        OffsetDateTime updatedAt) {

    /** The other party, seen from {@code me}. */
    Snowflake other(Snowflake me) {
        return requestorId.equals(me) ? userId : requestorId;
    }

    /** The link as {@code me} (one of its two users) sees it. */
    LinkedUserData seenBy(Snowflake me) {
        boolean mine = requestorId.equals(me);
        return new LinkedUserData(
                createdAt,
                updatedAt,
                status.value,
                mine ? LinkedUserData.REQUESTOR : LinkedUserData.LINKED_USER,
                requestorId,
                mine ? userId : requestorId);
    }
}
