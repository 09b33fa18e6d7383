package dev.concord.social.games;

import dev.concord.platform.ids.Snowflake;
import java.time.OffsetDateTime;

/** One side of a game relationship, as stored: what {@code userId} has with {@code targetId} in a game. */
record GameRelationshipRow(
        Snowflake userId,
        Snowflake targetId,
        Snowflake applicationId,
        GameRelationshipType type,
        OffsetDateTime since,
        int dmAccessType) {

    /** The platform's DM access type of a new game relationship (the only value it shows). */
    static final int DEFAULT_DM_ACCESS_TYPE = 0;

    static GameRelationshipRow of(
            Snowflake userId,
            Snowflake targetId,
            Snowflake applicationId,
            GameRelationshipType type,
            OffsetDateTime since) {
        return new GameRelationshipRow(userId, targetId, applicationId, type, since, DEFAULT_DM_ACCESS_TYPE);
    }
}
