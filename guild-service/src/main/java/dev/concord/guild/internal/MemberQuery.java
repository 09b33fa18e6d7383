package dev.concord.guild.internal;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /internal/guilds/{guild.id}/members/search}: members whose username starts with
 * {@code query} ({@code ""}: every member), a page at a time after {@code after}; or the members among
 * {@code user_ids}. What the gateway's Request Guild Members (op 8) asks.
 */
record MemberQuery(
        @Nullable String query,
        @Nullable List<Snowflake> userIds,
        @Nullable Snowflake after,
        @Nullable Integer limit) implements Violations.Validatable {

    static final int MAX_USERS = 100;
    static final int MAX_LIMIT = 1000;
    /** Longer than any username (32): such a query matches nobody, but is not wrong. */
    static final int MAX_QUERY = 100;

    @Override
    public void validate(Violations v) {
        if ((query == null) == (userIds == null)) {
            v.add("query", "BASE_TYPE_REQUIRED", "Either query or user_ids is required, not both.");
        }
        v.length("query", query, 0, MAX_QUERY);
        UserIdList.validateIfPresent(v, userIds, MAX_USERS);
        v.range("limit", limit, 1, MAX_LIMIT);
    }

    int limitOrMax() {
        return limit == null ? MAX_LIMIT : limit;
    }

    long afterOrZero() {
        return after == null ? 0 : after.value();
    }
}
