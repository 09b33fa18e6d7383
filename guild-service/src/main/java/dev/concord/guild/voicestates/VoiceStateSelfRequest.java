package dev.concord.guild.voicestates;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.time.Instant;
import java.util.Optional;

/**
 * The body of {@code PATCH /guilds/{guild.id}/voice-states/@me}: the stage channel one is in, whether to be
 * suppressed, and one's raised hand ({@code request_to_speak_timestamp}, now or later; null lowers it).
 */
record VoiceStateSelfRequest(
        Possible<Snowflake> channelId, Possible<Boolean> suppress, Possible<Optional<Instant>> requestToSpeakTimestamp)
        implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        v.notNullIfSent("channel_id", channelId);
        v.notNullIfSent("suppress", suppress);
    }
}
