package dev.concord.guild.invites;

import dev.concord.platform.ids.Snowflake;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** An invite about to be stored, its settings decided; it gets its code when it is inserted. */
record NewInvite(
        Snowflake guildId,
        Snowflake channelId,
        Snowflake inviterId,
        int maxAge,
        int maxUses,
        boolean temporary,
        @Nullable Integer targetType,
        @Nullable Snowflake targetUserId,
        @Nullable Snowflake targetApplicationId,
        Instant createdAt) {

    static NewInvite of(
            Snowflake guildId, Snowflake channelId, Snowflake inviterId, InviteCreateRequest request, Instant now) {
        return new NewInvite(
                guildId,
                channelId,
                inviterId,
                request.maxAgeOrDefault(),
                request.maxUsesOrDefault(),
                request.isTemporary(),
                request.targetType(),
                request.streamUserId(),
                request.applicationId(),
                now);
    }

    /** When it stops working; null when it never does ({@code max_age} 0). */
    @Nullable
    Instant expiresAt() {
        return maxAge == 0 ? null : createdAt.plusSeconds(maxAge);
    }
}
