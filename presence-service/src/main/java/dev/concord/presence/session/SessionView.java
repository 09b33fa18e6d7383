package dev.concord.presence.session;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.concord.presence.activity.Activity;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** A session as its own user sees it (READY's {@code sessions}, SESSIONS_REPLACE). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SessionView(
        String sessionId,
        ClientInfo clientInfo,
        Status status,
        List<Activity> activities,
        @Nullable Boolean active) {}
