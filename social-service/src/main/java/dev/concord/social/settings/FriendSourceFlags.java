package dev.concord.social.settings;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.jspecify.annotations.Nullable;

/**
 * Who may send the user a friend request. Each flag is optional and false when left out; only the true
 * ones are written, as the platform does ({@code {"all": true}} for a new account).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record FriendSourceFlags(
        @Nullable Boolean all,
        @Nullable Boolean mutualFriends,
        @Nullable Boolean mutualGuilds) {

    static final FriendSourceFlags EVERYONE = new FriendSourceFlags(true, null, null);

    /** False and null (an explicit null is read as "not set") both become "left out". */
    public FriendSourceFlags {
        all = onlyTrue(all);
        mutualFriends = onlyTrue(mutualFriends);
        mutualGuilds = onlyTrue(mutualGuilds);
    }

    private static @Nullable Boolean onlyTrue(@Nullable Boolean flag) {
        return Boolean.TRUE.equals(flag) ? Boolean.TRUE : null;
    }
}
