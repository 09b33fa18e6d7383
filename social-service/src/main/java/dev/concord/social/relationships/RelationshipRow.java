package dev.concord.social.relationships;

import dev.concord.platform.ids.Snowflake;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** One side of a relationship as stored: how {@code userId} sees {@code targetId}. */
record RelationshipRow(
        Snowflake userId,
        Snowflake targetId,
        RelationshipType type,
        @Nullable String nickname,
        boolean userIgnored,
        boolean isSpamRequest,
        boolean strangerRequest,
        @Nullable Snowflake originApplicationId,
        Instant since) {

    /** A fresh row of {@code type}, keeping only whether the user ignores the target. */
    static RelationshipRow of(
            Snowflake userId, Snowflake targetId, RelationshipType type, boolean userIgnored, Instant since) {
        return new RelationshipRow(userId, targetId, type, null, userIgnored, false, false, null, since);
    }

    RelationshipRow withType(RelationshipType newType, Instant newSince) {
        return new RelationshipRow(userId, targetId, newType, null, userIgnored, false, false, null, newSince);
    }

    RelationshipRow withNickname(@Nullable String newNickname) {
        return new RelationshipRow(
                userId,
                targetId,
                type,
                newNickname,
                userIgnored,
                isSpamRequest,
                strangerRequest,
                originApplicationId,
                since);
    }

    RelationshipRow withIgnored(boolean ignored) {
        return new RelationshipRow(
                userId, targetId, type, nickname, ignored, isSpamRequest, strangerRequest, originApplicationId, since);
    }

    RelationshipRow asRequestFrom(boolean stranger, boolean spam) {
        return new RelationshipRow(
                userId, targetId, type, nickname, userIgnored, spam, stranger, originApplicationId, since);
    }

    boolean is(RelationshipType candidate) {
        return type == candidate;
    }
}
