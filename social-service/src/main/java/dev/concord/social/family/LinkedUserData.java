package dev.concord.social.family;

import dev.concord.platform.ids.Snowflake;
import java.time.OffsetDateTime;

/**
 * A link as one of its two users sees it. {@code link_type} 2: the caller sent the request; the ids are
 * the requestor (the caller) and the linked user. {@code link_type} 1: the caller is the linked user and,
 * as the platform documents, both ids are the same: the requestor's, the one party the caller needs
 * (to name in a PATCH) and does not already know.
 */
record LinkedUserData(
        OffsetDateTime createdAt,
        OffsetDateTime updatedAt,
        int linkStatus,
        int linkType,
        Snowflake requestorId,
        Snowflake userId) {

    static final int LINKED_USER = 1;
    static final int REQUESTOR = 2;
}
