package dev.concord.guild.stages;

import dev.concord.guild.Columns;
import dev.concord.platform.ids.Snowflake;
import io.r2dbc.spi.Readable;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** A row of {@code stage_instances}. */
record StageInstanceRow(
        Snowflake id,
        Snowflake guildId,
        Snowflake channelId,
        String topic,
        int privacyLevel,
        @Nullable String inviteCode,
        @Nullable Snowflake guildScheduledEventId,
        boolean startNotification) {

    static final int PUBLIC = 1;
    static final int GUILD_ONLY = 2;

    static StageInstanceRow read(Readable row) {
        return new StageInstanceRow(
                Columns.requiredSnowflake(row, "id"),
                Columns.requiredSnowflake(row, "guild_id"),
                Columns.requiredSnowflake(row, "channel_id"),
                Objects.requireNonNull(row.get("topic", String.class), "topic"),
                Columns.integer(row, "privacy_level"),
                row.get("invite_code", String.class),
                Columns.snowflake(row, "guild_scheduled_event_id"),
                Columns.bool(row, "start_notification"));
    }

    boolean isPublic() {
        return privacyLevel == PUBLIC;
    }

    StageInstanceRow changed(String newTopic, int newPrivacyLevel, @Nullable String newInviteCode) {
        return new StageInstanceRow(
                id,
                guildId,
                channelId,
                newTopic,
                newPrivacyLevel,
                newInviteCode,
                guildScheduledEventId,
                startNotification);
    }

    /** The platform's stage instance object. */
    StageInstanceData data() {
        return new StageInstanceData(
                id, guildId, channelId, topic, privacyLevel, false, guildScheduledEventId, inviteCode);
    }
}
