package dev.concord.guild.automod;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /guilds/{guild.id}/auto-moderation/alert-action}: the alert (the system message
 * and its channel) and the alert action type, 1 SET_COMPLETED, 2 UNSET_COMPLETED, 3 DELETE_USER_MESSAGE,
 * 4 SUBMIT_FEEDBACK.
 */
record AlertActionRequest(
        @Nullable Snowflake channelId,
        @Nullable Snowflake messageId,
        @Nullable Integer alertActionType) implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        v.required("channel_id", channelId).required("message_id", messageId);
        v.required("alert_action_type", alertActionType).range("alert_action_type", alertActionType, 1, 4);
    }
}
