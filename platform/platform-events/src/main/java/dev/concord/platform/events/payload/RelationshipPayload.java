package dev.concord.platform.events.payload;

import dev.concord.platform.ids.Snowflake;
import org.jspecify.annotations.Nullable;

/** RELATIONSHIP_ADD: the other user (as {@code id}, and in {@code user}) and the relationship's type. */
public record RelationshipPayload(
        @Nullable Snowflake id,
        @Nullable Integer type,
        @Nullable IdOnly user) {

    /** The other user: {@code id}, else {@code user.id}; null when neither is an id. */
    public @Nullable Snowflake otherUserId() {
        return id != null ? id : IdOnly.of(user);
    }
}
