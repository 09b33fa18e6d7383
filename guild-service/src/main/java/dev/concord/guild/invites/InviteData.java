package dev.concord.guild.invites;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.users.PartialUser;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * An invite as clients read it. The metadata ({@code uses}, {@code max_uses}, {@code max_age},
 * {@code temporary}, {@code created_at}) is there for those who made or manage invites (create and
 * the lists), the approximate counts only with {@code with_counts}. {@code expires_at} is always there,
 * null for an invite that never expires, as the platform now answers whatever {@code with_expiration}
 * says. {@code guild_id} repeats {@code guild.id} at the top, as the platform's guild invite has it.
 * {@code stage_instance} is in a preview of an invite to a live public stage.
 */
record InviteData(
        int type,
        String code,
        Snowflake guildId,
        Guild guild,
        Channel channel,
        @Nullable PartialUser inviter,
        Possible<Integer> targetType,
        Possible<PartialUser> targetUser,
        Possible<Application> targetApplication,
        Possible<Integer> approximateMemberCount,
        Possible<Integer> approximatePresenceCount,
        @Nullable Instant expiresAt,
        Possible<Integer> uses,
        Possible<Integer> maxUses,
        Possible<Integer> maxAge,
        Possible<Boolean> temporary,
        Possible<Instant> createdAt,
        Possible<Object> stageInstance) {

    /** The invite with the live public stage of its channel ({@code stage_instance}), as previews show it. */
    InviteData withStageInstance(Object stage) {
        return new InviteData(
                type,
                code,
                guildId,
                guild,
                channel,
                inviter,
                targetType,
                targetUser,
                targetApplication,
                approximateMemberCount,
                approximatePresenceCount,
                expiresAt,
                uses,
                maxUses,
                maxAge,
                temporary,
                createdAt,
                Possible.of(stage));
    }

    /** The invite type of a guild invite. */
    static final int GUILD = 0;

    /** The guild an invite leads to, as much as someone outside it may see. */
    record Guild(
            Snowflake id,
            String name,
            @Nullable String splash,
            @Nullable String banner,
            @Nullable String description,
            @Nullable String icon,
            List<String> features,
            int verificationLevel,
            @Nullable String vanityUrlCode,
            int nsfwLevel,
            boolean nsfw,
            int premiumSubscriptionCount) {

        public Guild {
            features = List.copyOf(features);
        }
    }

    /** The channel an invite opens. */
    record Channel(Snowflake id, int type, String name) {}

    /**
     * The application an embedded application invite opens: only its id, since applications live in
     * remote-auth-service and guild-service keeps no copy of them.
     */
    record Application(Snowflake id) {}
}
