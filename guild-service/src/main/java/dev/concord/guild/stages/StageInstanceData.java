package dev.concord.guild.stages;

import dev.concord.platform.ids.Snowflake;
import org.jspecify.annotations.Nullable;

/**
 * The platform's stage instance object; {@code invite_code} (the seed's) names a public instance's
 * invite. {@code discoverable_disabled} is deprecated and always false.
 */
record StageInstanceData(
        Snowflake id,
        Snowflake guildId,
        Snowflake channelId,
        String topic,
        int privacyLevel,
        boolean discoverableDisabled,
        @Nullable Snowflake guildScheduledEventId,
        @Nullable String inviteCode) {}
