package dev.concord.guild.automod;

import static dev.concord.guild.automod.AutoModerationTypes.BLOCK_MESSAGE;
import static dev.concord.guild.automod.AutoModerationTypes.SEND_ALERT_MESSAGE;
import static dev.concord.guild.automod.AutoModerationTypes.TIMEOUT_USER;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.concord.platform.ids.Snowflake;
import org.jspecify.annotations.Nullable;

/**
 * One of a rule's actions as the platform answers it: its type and always a {@code metadata} object with
 * the fields of that type only ({@code channel_id} to alert, {@code duration_seconds} of a timeout, the
 * block's {@code custom_message} when one was set; {@code {}} for a quarantine).
 */
record RuleAction(int type, Metadata metadata) {

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Metadata(
            @Nullable Snowflake channelId,
            @Nullable Integer durationSeconds,
            @Nullable String customMessage) {}

    /** The action a rule keeps of what was sent (already checked). */
    static RuleAction of(ActionRequest sent) {
        int type = sent.type().get();
        return new RuleAction(
                type,
                new Metadata(
                        type == SEND_ALERT_MESSAGE ? sent.channelIdOrNull() : null,
                        type == TIMEOUT_USER ? sent.durationSecondsOrNull() : null,
                        type == BLOCK_MESSAGE ? sent.customMessageOrNull() : null));
    }
}
