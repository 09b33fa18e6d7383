package dev.concord.platform.automod;

import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A member's names as USER_PROFILE rules judge them, when the member joins or changes one of them.
 * A name the member does not have is null.
 */
public record ProfileInput(
        @Nullable String username,
        @Nullable String globalName,
        @Nullable String nickname,
        Set<Long> roleIds) {

    public ProfileInput {
        roleIds = Set.copyOf(roleIds);
    }
}
