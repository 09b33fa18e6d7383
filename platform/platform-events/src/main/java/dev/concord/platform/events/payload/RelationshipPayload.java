package dev.concord.platform.events.payload;

import dev.concord.platform.ids.Snowflake;

/** RELATIONSHIP_ADD: the other user (as {@code id}, and in {@code user}) and the relationship's type. */
public record RelationshipPayload(Snowflake id, Integer type, IdOnly user) {

    /** The other user: {@code id}, else {@code user.id}; null when neither is an id. */
    public Snowflake otherUserId() {
        return id != null ? id : IdOnly.of(user);
    }
}
