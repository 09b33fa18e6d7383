package dev.concord.guild.voicestates;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;

/** The body of {@code POST /internal/voice-states/session-ended}: whose session ended. */
record VoiceSessionEnded(Possible<Snowflake> userId, Possible<String> sessionId) implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        v.required("user_id", userId.orNull());
        v.required("session_id", sessionId.orNull());
    }
}
