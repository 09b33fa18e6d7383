package dev.concord.guild.voicestates;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;

/** The body of {@code PATCH /guilds/{guild.id}/voice-states/{user.id}}: the stage channel the user is in, and suppress. */
record VoiceStateUserRequest(Possible<Snowflake> channelId, Possible<Boolean> suppress)
        implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        v.required("channel_id", channelId.orNull());
        v.notNullIfSent("suppress", suppress);
    }
}
