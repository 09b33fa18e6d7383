package dev.concord.guild.scheduledevents;

import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Violations;
import org.springframework.http.HttpStatus;

/** Scheduled events' refusals with the platform's codes. */
final class ScheduledEventErrors {

    private ScheduledEventErrors() {}

    /** 400 30038: the guild has as many events not yet over as it may have. */
    static ApiException tooManyEvents(int max) {
        return new ApiException(
                HttpStatus.BAD_REQUEST,
                30038,
                "Maximum number of uncompleted guild scheduled events reached (" + max + ")");
    }

    /** 400 180000: a completed or canceled event changes no more. */
    static ApiException finished() {
        return new ApiException(HttpStatus.BAD_REQUEST, 180000, "Cannot update a finished event");
    }

    static Violations startInPast(Violations v) {
        return v.add(
                "scheduled_start_time",
                "GUILD_SCHEDULED_EVENT_SCHEDULED_START_TIME_IN_PAST",
                "Cannot schedule event in the past.");
    }

    static Violations endBeforeStart(Violations v) {
        return v.add(
                "scheduled_end_time", "GUILD_SCHEDULED_EVENT_END_BEFORE_START", "The event must end after it starts.");
    }

    static Violations statusMove(Violations v, int from, int to) {
        return v.add(
                "status",
                "GUILD_SCHEDULED_EVENT_INVALID_STATUS_TRANSITION",
                "An event cannot move from status " + from + " to " + to + ".");
    }

    static Violations channelType(Violations v, boolean stage) {
        return v.add(
                "channel_id",
                "CHANNEL_INVALID",
                stage ? "A stage event is held in a stage channel." : "A voice event is held in a voice channel.");
    }

    static Violations channelForExternal(Violations v) {
        return v.add("channel_id", "GUILD_SCHEDULED_EVENT_CHANNEL_NOT_NULL", "An external event has no channel.");
    }
}
