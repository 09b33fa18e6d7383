package dev.concord.guild.internal;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** The {@code user_ids} of an internal query: 1 to a maximum of user ids, none of them null. */
final class UserIdList {

    static final int MAX_USERS = 1000;

    private UserIdList() {}

    /** Required, 1 to {@link #MAX_USERS} ids. */
    static void validate(Violations v, @Nullable List<Snowflake> userIds) {
        v.required("user_ids", userIds);
        validateIfPresent(v, userIds, MAX_USERS);
    }

    /** When present, 1 to {@code max} ids. */
    static void validateIfPresent(Violations v, @Nullable List<Snowflake> userIds, int max) {
        if (userIds == null) {
            return;
        }
        if (userIds.isEmpty() || userIds.size() > max) {
            v.add("user_ids", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and " + max + " in length.");
        }
        for (int i = 0; i < userIds.size() && i < max; i++) {
            v.at("user_ids").required(Integer.toString(i), userIds.get(i));
        }
    }
}
