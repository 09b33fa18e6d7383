package dev.concord.guild.internal;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import java.util.List;

/** The body of {@code POST /internal/users/memberships}: whose member rows, in every guild they are in. */
record MembershipQuery(List<Snowflake> userIds) implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        UserIdList.validate(v, userIds);
    }
}
