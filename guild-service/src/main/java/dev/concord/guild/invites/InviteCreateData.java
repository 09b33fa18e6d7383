package dev.concord.guild.invites;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.users.PartialUser;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** The payload of INVITE_CREATE, the platform's gateway shape: ids instead of the partial guild and channel. */
record InviteCreateData(
        Snowflake channelId,
        String code,
        Instant createdAt,
        Snowflake guildId,
        @Nullable PartialUser inviter,
        int maxAge,
        int maxUses,
        Possible<Integer> targetType,
        Possible<PartialUser> targetUser,
        Possible<InviteData.Application> targetApplication,
        boolean temporary,
        int uses,
        @Nullable Instant expiresAt) {}
