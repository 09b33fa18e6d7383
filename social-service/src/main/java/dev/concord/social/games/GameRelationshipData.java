package dev.concord.social.games;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import java.time.OffsetDateTime;
import org.jspecify.annotations.Nullable;

/**
 * The game relationship object, as one side sees it: {@code id} is the other user, {@code user_id} the
 * one who sees it. {@code user} (the other user) is left out for OAuth2 callers and in removals.
 */
record GameRelationshipData(
        Snowflake id,
        Snowflake applicationId,
        int type,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable PartialUser user,
        OffsetDateTime since,
        int dmAccessType,
        Snowflake userId) {

    static GameRelationshipData of(GameRelationshipRow row, @Nullable PartialUser target) {
        return new GameRelationshipData(
                row.targetId(),
                row.applicationId(),
                row.type().value(),
                target,
                row.since(),
                row.dmAccessType(),
                row.userId());
    }
}
