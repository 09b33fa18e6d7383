package dev.concord.guild.invites;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /channels/{channel.id}/invites}; every field may be left out. A target
 * ({@code target_type}) names what the invite opens in a voice channel: a member's stream or an
 * embedded application.
 */
record InviteCreateRequest(
        @Nullable Integer maxAge,
        @Nullable Integer maxUses,
        @Nullable Boolean temporary,
        @Nullable Boolean unique,
        @Nullable Integer targetType,
        @Nullable Snowflake targetUserId,
        @Nullable Snowflake targetApplicationId)
        implements Violations.Validatable {

    /** A day, the platform's default. */
    static final int DEFAULT_MAX_AGE = 86_400;
    /** A week; 0 means the invite never expires. */
    static final int MAX_AGE = 604_800;
    /** 0 means unlimited. */
    static final int MAX_USES = 100;

    static final int STREAM = 1;
    static final int EMBEDDED_APPLICATION = 2;

    @Override
    public void validate(Violations v) {
        v.range("max_age", maxAge, 0, MAX_AGE);
        v.range("max_uses", maxUses, 0, MAX_USES);
        v.oneOf("target_type", targetType, List.of(STREAM, EMBEDDED_APPLICATION));
        if (Integer.valueOf(STREAM).equals(targetType)) {
            v.required("target_user_id", targetUserId);
        }
        if (Integer.valueOf(EMBEDDED_APPLICATION).equals(targetType)) {
            v.required("target_application_id", targetApplicationId);
        }
    }

    int maxAgeOrDefault() {
        return maxAge == null ? DEFAULT_MAX_AGE : maxAge;
    }

    int maxUsesOrDefault() {
        return maxUses == null ? 0 : maxUses;
    }

    boolean isTemporary() {
        return Boolean.TRUE.equals(temporary);
    }

    boolean isUnique() {
        return Boolean.TRUE.equals(unique);
    }

    /** The user whose stream the invite shows; only for stream invites, whatever else was sent. */
    @Nullable
    Snowflake streamUserId() {
        return Integer.valueOf(STREAM).equals(targetType) ? targetUserId : null;
    }

    /** The application the invite opens; only for embedded application invites. */
    @Nullable
    Snowflake applicationId() {
        return Integer.valueOf(EMBEDDED_APPLICATION).equals(targetType) ? targetApplicationId : null;
    }
}
