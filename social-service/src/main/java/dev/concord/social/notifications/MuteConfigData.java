package dev.concord.social.notifications;

import dev.concord.platform.web.Violations;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.jspecify.annotations.Nullable;

/**
 * How long a guild or channel stays muted. Clients send both fields together: the window they picked
 * and the instant it ends ({@code null} with the window {@value #INDEFINITE}). Sent and stored whole.
 *
 * @param endTime when the mute ends; none for never
 * @param selectedTimeWindow the duration the user picked, in seconds, or {@value #INDEFINITE}
 */
record MuteConfigData(
        @Nullable OffsetDateTime endTime, @Nullable Integer selectedTimeWindow) {

    /** "Until I turn it back on". */
    static final int INDEFINITE = -1;

    /** Kept in UTC, so equal instants compare (and so never count as a change) whatever offset was sent. */
    public MuteConfigData {
        endTime = endTime == null ? null : endTime.withOffsetSameInstant(ZoneOffset.UTC);
    }

    /** The end time is not checked against the clock: a mute that has ended is simply over. */
    void validate(Violations v) {
        if (selectedTimeWindow != null && selectedTimeWindow != INDEFINITE && selectedTimeWindow < 1) {
            v.add(
                    "selected_time_window",
                    "NUMBER_TYPE_MIN",
                    "Must be a positive number of seconds, or " + INDEFINITE + " for indefinitely.");
        }
    }
}
