package dev.concord.social.relationships;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** The relationship object: how the current user sees {@code user}. */
record RelationshipData(
        Snowflake id,
        RelationshipType type,
        PartialUser user,
        @Nullable String nickname,
        boolean isSpamRequest,
        boolean strangerRequest,
        boolean userIgnored,
        @Nullable Snowflake originApplicationId,
        Instant since) {

    static RelationshipData of(RelationshipRow row, PartialUser target) {
        return new RelationshipData(
                row.targetId(),
                row.type(),
                target,
                row.nickname(),
                row.isSpamRequest(),
                row.strangerRequest(),
                row.userIgnored(),
                row.originApplicationId(),
                row.since());
    }
}
