package dev.concord.guild.internal;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import java.util.List;

/** The body of {@code POST /internal/users/memberships}: whose member rows, in every guild they are in. */
record MembershipQuery(List<Snowflake> userIds) implements Violations.Validatable {

    static final int MAX_USERS = 1000;

    @Override
    public void validate(Violations v) {
        v.required("user_ids", userIds);
        if (userIds != null) {
            if (userIds.isEmpty() || userIds.size() > MAX_USERS) {
                v.add("user_ids", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and " + MAX_USERS + " in length.");
            }
            for (int i = 0; i < userIds.size() && i < MAX_USERS; i++) {
                v.at("user_ids").required(Integer.toString(i), userIds.get(i));
            }
        }
    }
}
