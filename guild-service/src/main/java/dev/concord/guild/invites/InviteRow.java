package dev.concord.guild.invites;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.users.PartialUser;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/** A stored invite with the guild and channel it leads to, as one query reads them. */
record InviteRow(
        String code,
        Snowflake guildId,
        Snowflake channelId,
        @Nullable Snowflake inviterId,
        int maxAge,
        int maxUses,
        int uses,
        boolean temporary,
        @Nullable Integer targetType,
        @Nullable Snowflake targetUserId,
        @Nullable Snowflake targetApplicationId,
        Instant createdAt,
        @Nullable Instant expiresAt,
        InviteData.Guild guild,
        InviteData.Channel channel,
        int memberCount) {

    /** The users the invite names: who made it and whose stream it shows. */
    Stream<Snowflake> userIds() {
        return Stream.of(inviterId, targetUserId).filter(Objects::nonNull);
    }

    /**
     * The invite as clients read it, with {@code users} resolved from the identity replica.
     * {@code withCounts} adds the approximate counts; guild-service does not know who is online
     * (presence-service does), so the presence count is 0 rather than a guess.
     */
    InviteData data(Map<Snowflake, PartialUser> users, boolean withMetadata, boolean withCounts) {
        return new InviteData(
                InviteData.GUILD,
                code,
                guildId,
                guild,
                channel,
                user(users, inviterId),
                target(),
                targetUser(users),
                targetApplication(),
                withCounts ? Possible.of(memberCount) : Possible.absent(),
                withCounts ? Possible.of(0) : Possible.absent(),
                expiresAt,
                metadata(withMetadata, uses),
                metadata(withMetadata, maxUses),
                metadata(withMetadata, maxAge),
                metadata(withMetadata, temporary),
                metadata(withMetadata, createdAt),
                Possible.absent());
    }

    /** The payload of INVITE_CREATE. */
    InviteCreateData created(Map<Snowflake, PartialUser> users) {
        return new InviteCreateData(
                channelId,
                code,
                createdAt,
                guildId,
                user(users, inviterId),
                maxAge,
                maxUses,
                target(),
                targetUser(users),
                targetApplication(),
                temporary,
                uses,
                expiresAt);
    }

    private Possible<Integer> target() {
        return targetType == null ? Possible.absent() : Possible.of(targetType);
    }

    private Possible<PartialUser> targetUser(Map<Snowflake, PartialUser> users) {
        return targetUserId == null ? Possible.absent() : Possible.of(known(users, targetUserId));
    }

    private Possible<InviteData.Application> targetApplication() {
        return targetApplicationId == null
                ? Possible.absent()
                : Possible.of(new InviteData.Application(targetApplicationId));
    }

    private static <T> Possible<T> metadata(boolean included, T value) {
        return included ? Possible.of(value) : Possible.absent();
    }

    /** The user, from the identity replica or its owner ({@code UserDirectory.require} answers every id). */
    private static @Nullable PartialUser user(Map<Snowflake, PartialUser> users, @Nullable Snowflake id) {
        return id == null ? null : known(users, id);
    }

    private static PartialUser known(Map<Snowflake, PartialUser> users, Snowflake id) {
        return Objects.requireNonNull(users.get(id), "users come from UserDirectory.require");
    }
}
