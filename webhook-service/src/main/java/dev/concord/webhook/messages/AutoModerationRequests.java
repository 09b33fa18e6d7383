package dev.concord.webhook.messages;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** The bodies of guild-service's calls about auto moderation's messages (docs/internal-api.md). */
final class AutoModerationRequests {

    /** The incident notification embed's {@code resolved_reason} values, which a false alarm names. */
    static final List<String> RESOLVED_REASONS =
            List.of("LEGITIMATE_ACTIVITY", "LEGITIMATE_ACCOUNTS", "LEGITIMATE_DMS", "DM_SPAM", "JOIN_RAID", "OTHER");

    static final List<String> RAID_TYPES = List.of(IncidentEmbeds.JOIN_RAID_TYPE, IncidentEmbeds.MENTION_RAID_TYPE);

    private AutoModerationRequests() {}

    /** A moderator ({@code user_id}) executes an alert action on the alert {@code message_id}. */
    record AlertAction(
            @Nullable Snowflake userId,
            @Nullable Snowflake channelId,
            @Nullable Snowflake messageId,
            @Nullable Integer alertActionType)
            implements Violations.Validatable {

        @Override
        public void validate(Violations v) {
            v.required("user_id", userId).required("channel_id", channelId).required("message_id", messageId);
            v.required("alert_action_type", alertActionType).range("alert_action_type", alertActionType, 1, 4);
        }
    }

    /**
     * The incident or alert {@code alert_message_id} resolved as a false alarm (who resolved it the message
     * does not show, so it is not asked).
     */
    record FalseAlarm(
            @Nullable Snowflake alertMessageId, @Nullable String reason) implements Violations.Validatable {

        @Override
        public void validate(Violations v) {
            v.required("alert_message_id", alertMessageId);
            v.required("reason", reason).oneOf("reason", reason, RESOLVED_REASONS);
        }
    }

    /** A raid's incident notification to post in {@code channel_id}, by {@code user_id}, who reported it. */
    record Incident(
            @Nullable Snowflake userId,
            @Nullable Snowflake channelId,
            @Nullable String raidType,
            @Nullable Instant raidDatetime)
            implements Violations.Validatable {

        @Override
        public void validate(Violations v) {
            v.required("user_id", userId).required("channel_id", channelId);
            v.required("raid_type", raidType).oneOf("raid_type", raidType, RAID_TYPES);
            v.required("raid_datetime", raidDatetime);
        }
    }
}
