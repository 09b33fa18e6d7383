package dev.concord.presence.statistics;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import org.jspecify.annotations.Nullable;

/**
 * {@code POST /activities}: a running game's report. {@code duration} is the seconds played since the
 * last report (at most 1,800: a client reports at least every half hour); {@code closed} ends the session.
 */
record PlayReport(
        @Nullable String token,
        @Nullable Snowflake applicationId,
        @Nullable Long duration,
        @Nullable Boolean shareActivity,
        @Nullable String distributor,
        @Nullable String exePath,
        @Nullable Snowflake voiceChannelId,
        @Nullable String sessionId,
        @Nullable String mediaSessionId,
        @Nullable Boolean closed)
        implements Violations.Validatable {

    static final long MAX_DURATION = 1_800;
    static final int MAX_EXE_PATH = 128;
    /** Not a limit the seed gives: store names and session ids are short; this bounds what is kept. */
    static final int MAX_NAME = 64;

    @Override
    public void validate(Violations v) {
        v.required("application_id", applicationId);
        v.range("duration", duration, 0, MAX_DURATION);
        v.length("exe_path", exePath, 0, MAX_EXE_PATH);
        v.length("distributor", distributor, 1, MAX_NAME);
        v.length("session_id", sessionId, 1, MAX_NAME);
        v.length("media_session_id", mediaSessionId, 1, MAX_NAME);
        v.length("token", token, 1, 128);
    }

    boolean shares() {
        return shareActivity == null || shareActivity;
    }

    long seconds() {
        return duration == null ? 0 : duration;
    }

    boolean ends() {
        return Boolean.TRUE.equals(closed);
    }
}
