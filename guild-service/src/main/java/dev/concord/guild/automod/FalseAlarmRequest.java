package dev.concord.guild.automod;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /guilds/{guild.id}/auto-moderation/false-alarm}: the incident's or alert's system
 * message and why it was no incident, one of the incident notification's {@code resolved_reason} values.
 */
record FalseAlarmRequest(
        @Nullable Snowflake alertMessageId, @Nullable String reason) implements Violations.Validatable {

    static final List<String> REASONS =
            List.of("LEGITIMATE_ACTIVITY", "LEGITIMATE_ACCOUNTS", "LEGITIMATE_DMS", "DM_SPAM", "JOIN_RAID", "OTHER");

    @Override
    public void validate(Violations v) {
        v.required("alert_message_id", alertMessageId);
        v.required("reason", reason).oneOf("reason", reason, REASONS);
    }
}
