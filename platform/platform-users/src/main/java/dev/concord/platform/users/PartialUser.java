package dev.concord.platform.users;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The platform's partial user, as other users see one: the payload of {@code USER_CREATE}, the answer
 * to {@code GET /users/{user.id}}, and the user embedded in other services' objects. remote-auth-service
 * writes every field; a service reading its replica knows only the first seven, and leaves the profile
 * fields it does not keep ({@code avatar_decoration_data}, {@code banner}, {@code accent_color}) out
 * rather than null. {@code flags} and {@code primary_guild}, which the platform's partial user always
 * has, are derived: the public flags, and null (no user has a primary guild here).
 *
 * <p>There is no id-only form: clients (JDA, Discord4J) cannot read a user without a username, so a service
 * whose replica misses a user asks remote-auth-service for it ({@link UserDirectory}) instead.
 *
 * @param username never null: every account has one
 * @param discriminator "0": every account has a unique username instead of a name#tag
 * @param avatarDecorationData null where written: decorations are not supported
 */
public record PartialUser(
        Snowflake id,
        String username,
        String discriminator,
        @Nullable String globalName,
        @Nullable String avatar,
        Possible<Optional<JsonNode>> avatarDecorationData,
        long publicFlags,
        boolean bot,
        Possible<Optional<String>> banner,
        Possible<Optional<Integer>> accentColor) {

    /** The user as a service's replica keeps it, without the profile fields. */
    public PartialUser(
            Snowflake id,
            String username,
            String discriminator,
            @Nullable String globalName,
            @Nullable String avatar,
            long publicFlags,
            boolean bot) {
        this(
                id,
                username,
                discriminator,
                globalName,
                avatar,
                Possible.absent(),
                publicFlags,
                bot,
                Possible.absent(),
                Possible.absent());
    }

    /** The platform's {@code flags} of a user as others see it: its public flags. */
    @JsonProperty("flags")
    public long flags() {
        return publicFlags;
    }

    /** Always null: guild tags (a user's primary guild) are not supported. */
    @JsonProperty("primary_guild")
    public @Nullable JsonNode primaryGuild() {
        return null;
    }
}
