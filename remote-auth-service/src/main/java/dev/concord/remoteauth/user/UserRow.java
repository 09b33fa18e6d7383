package dev.concord.remoteauth.user;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.users.PartialUser;
import io.r2dbc.spi.Readable;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** A stored user, as {@link UserStore} reads it. */
public record UserRow(
        Snowflake id,
        String username,
        String discriminator,
        @Nullable String globalName,
        @Nullable String email,
        boolean verified,
        @Nullable String passwordHash,
        @Nullable String avatar,
        @Nullable String banner,
        @Nullable Integer accentColor,
        String bio,
        String locale,
        long flags,
        long publicFlags,
        boolean bot,
        boolean system) {

    static final String COLUMNS =
            "id, username, discriminator, global_name, email, verified, password_hash, avatar, banner,"
                    + " accent_color, bio, locale, flags, public_flags, bot, system";

    static UserRow read(Readable row) {
        return new UserRow(
                Snowflake.of(row.get("id", Long.class)),
                row.get("username", String.class),
                row.get("discriminator", String.class),
                row.get("global_name", String.class),
                row.get("email", String.class),
                Boolean.TRUE.equals(row.get("verified", Boolean.class)),
                row.get("password_hash", String.class),
                row.get("avatar", String.class),
                row.get("banner", String.class),
                row.get("accent_color", Integer.class),
                row.get("bio", String.class),
                row.get("locale", String.class),
                row.get("flags", Long.class),
                row.get("public_flags", Long.class),
                Boolean.TRUE.equals(row.get("bot", Boolean.class)),
                Boolean.TRUE.equals(row.get("system", Boolean.class)));
    }

    /** The user as anyone sees it: {@code GET /users/{user.id}} and the {@code USER_CREATE} event. */
    public PartialUser partialUser() {
        return new PartialUser(
                id,
                username,
                discriminator,
                globalName,
                avatar,
                Possible.of(Optional.empty()),
                publicFlags,
                bot,
                Possible.of(Optional.ofNullable(banner)),
                Possible.of(Optional.ofNullable(accentColor)));
    }

    /** Leaves out the email and the password hash, so a logged row never exposes either. */
    @Override
    public String toString() {
        return "UserRow[id=" + id + ", bot=" + bot + "]";
    }
}
