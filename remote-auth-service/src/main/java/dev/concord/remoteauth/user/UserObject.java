package dev.concord.remoteauth.user;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import org.jspecify.annotations.Nullable;

/**
 * The full user object of {@code GET /users/@me} and of the {@code USER_UPDATE} event; a superset of
 * {@link PartialUser}, so consumers of the event can read the partial fields from it.
 *
 * @param avatarDecorationData always null: decorations are not supported
 * @param primaryGuild always null: guild tags (a user's primary guild) are not supported
 * @param email only when the caller may see it (a user token, or OAuth2 with the {@code email} scope)
 */
record UserObject(
        Snowflake id,
        String username,
        String discriminator,
        @Nullable String globalName,
        @Nullable String avatar,
        @Nullable Object avatarDecorationData,
        @Nullable Object primaryGuild,
        @Nullable String banner,
        @Nullable Integer accentColor,
        String bio,
        String locale,
        boolean mfaEnabled,
        boolean verified,
        @Nullable String email,
        long flags,
        int premiumType,
        long publicFlags,
        boolean bot,
        boolean system) {

    public static UserObject of(UserRow row, boolean withEmail) {
        return new UserObject(
                row.id(),
                row.username(),
                row.discriminator(),
                row.globalName(),
                row.avatar(),
                null,
                null,
                row.banner(),
                row.accentColor(),
                row.bio(),
                row.locale(),
                false,
                row.verified(),
                withEmail ? row.email() : null,
                row.flags(),
                0,
                row.publicFlags(),
                row.bot(),
                row.system());
    }
}
