package dev.concord.guild.stages;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.List;
import java.util.Optional;

/**
 * The body of {@code POST /stage-instances}: the stage channel, its topic (1-120), its privacy (GUILD_ONLY
 * unless PUBLIC), the scheduled event it opens for and whether to notify everyone.
 */
record StageInstanceCreateRequest(
        Possible<Snowflake> channelId,
        Possible<String> topic,
        Possible<Optional<Integer>> privacyLevel,
        Possible<Optional<Snowflake>> guildScheduledEventId,
        Possible<Optional<Boolean>> sendStartNotification)
        implements Violations.Validatable {

    static final int MAX_TOPIC = 120;
    static final List<Integer> PRIVACY_LEVELS = List.of(StageInstanceRow.PUBLIC, StageInstanceRow.GUILD_ONLY);

    @Override
    public void validate(Violations v) {
        v.required("channel_id", channelId.orNull());
        v.required("topic", topic.orNull());
        v.length("topic", topic.orNull(), 1, MAX_TOPIC);
        v.oneOf("privacy_level", Possible.valueOrNull(privacyLevel), PRIVACY_LEVELS);
    }

    int privacyOrDefault() {
        Integer level = Possible.valueOrNull(privacyLevel);
        return level == null ? StageInstanceRow.GUILD_ONLY : level;
    }

    boolean notifies() {
        return Boolean.TRUE.equals(Possible.valueOrNull(sendStartNotification));
    }
}
