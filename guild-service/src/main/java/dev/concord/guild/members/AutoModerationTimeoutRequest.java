package dev.concord.guild.members;

import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;

/**
 * The body of {@code POST /internal/guilds/{id}/members/{user}/auto-moderation-timeout}: how long a rule's
 * TIMEOUT_USER keeps the member quiet, at most the platform's 28 days.
 */
record AutoModerationTimeoutRequest(Possible<Integer> durationSeconds) implements Violations.Validatable {

    static final int MAX_SECONDS = 2_419_200;

    @Override
    public void validate(Violations v) {
        v.required("duration_seconds", durationSeconds.orNull());
        v.range("duration_seconds", durationSeconds.orNull(), 1, MAX_SECONDS);
    }
}
