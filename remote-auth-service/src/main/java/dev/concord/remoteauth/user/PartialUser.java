package dev.concord.remoteauth.user;

import dev.concord.platform.ids.Snowflake;
import org.jspecify.annotations.Nullable;

/**
 * The user as anyone sees it ({@code GET /users/{id}}, the {@code USER_CREATE} event, and embedded in
 * other services' objects).
 *
 * @param discriminator always "0": every account has a unique username instead of a name#tag
 * @param avatarDecorationData always null: decorations are not supported
 */
public record PartialUser(
        Snowflake id,
        String username,
        String discriminator,
        @Nullable String globalName,
        @Nullable String avatar,
        @Nullable Object avatarDecorationData,
        long publicFlags,
        boolean bot,
        @Nullable String banner,
        @Nullable Integer accentColor) {

    static final String DISCRIMINATOR = "0";

    public static PartialUser of(UserRow row) {
        return new PartialUser(
                row.id(),
                row.username(),
                DISCRIMINATOR,
                row.globalName(),
                row.avatar(),
                null,
                row.publicFlags(),
                row.bot(),
                row.banner(),
                row.accentColor());
    }
}
