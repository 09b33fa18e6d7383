package dev.concord.webhook.messages;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.QueryParams;
import dev.concord.platform.web.Violations;
import org.jspecify.annotations.Nullable;
import org.springframework.web.reactive.function.server.ServerRequest;

/**
 * The query of {@code GET /channels/{channel.id}/messages}: at most one of {@code before}, {@code after}
 * and {@code around}, and {@code limit} 1-100 (50 by default). Without an anchor the newest messages.
 */
record HistoryQuery(Direction direction, long anchor, int limit) {

    enum Direction {
        BEFORE,
        AFTER,
        AROUND
    }

    static final int MAX_LIMIT = 100;
    static final int DEFAULT_LIMIT = 50;
    /** The newest messages, as many as a page may have. */
    static final HistoryQuery NEWEST = new HistoryQuery(Direction.BEFORE, Long.MAX_VALUE, MAX_LIMIT);

    /** Whether this asks for the newest messages, anchored nowhere. */
    boolean isNewest() {
        return direction == Direction.BEFORE && anchor == Long.MAX_VALUE;
    }

    static HistoryQuery of(ServerRequest request) {
        int limit = QueryParams.integer(request, "limit", 1, MAX_LIMIT, DEFAULT_LIMIT);
        @Nullable Snowflake before = PathIds.optionalQuery(request, "before");
        @Nullable Snowflake after = PathIds.optionalQuery(request, "after");
        @Nullable Snowflake around = PathIds.optionalQuery(request, "around");
        int anchors = (before == null ? 0 : 1) + (after == null ? 0 : 1) + (around == null ? 0 : 1);
        if (anchors > 1) {
            throw new Violations()
                    .add("around", "BASE_TYPE_EXCLUSIVE", "Only one of before, after and around may be given.")
                    .toException();
        }
        if (after != null) {
            return new HistoryQuery(Direction.AFTER, after.value(), limit);
        }
        if (around != null) {
            return new HistoryQuery(Direction.AROUND, around.value(), limit);
        }
        return new HistoryQuery(Direction.BEFORE, before == null ? Long.MAX_VALUE : before.value(), limit);
    }
}
