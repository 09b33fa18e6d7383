package dev.concord.webhook.automod;

import static dev.concord.platform.events.EventTypes.AUTO_MODERATION_ACTION_EXECUTION;

import dev.concord.platform.automod.AutomodAction;
import dev.concord.platform.automod.Trigger;
import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * AUTO_MODERATION_ACTION_EXECUTION: one action of a rule that triggered, as the platform sends it to those
 * who may manage the guild, keyed by the guild. {@code message_id} only when the message was stored (an
 * action other than a block), {@code alert_system_message_id} only for an alert that was posted.
 */
public final class ActionExecutions {

    private ActionExecutions() {}

    /** Where the judged text came from, as the event names it: who wrote it and in which channel. */
    public record Judged(
            Snowflake guildId,
            Snowflake userId,
            Snowflake channelId,
            @Nullable Snowflake messageId) {}

    public static DomainEvent executed(
            Judged judged, Trigger trigger, AutomodAction action, @Nullable Snowflake alertMessageId) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("guild_id", judged.guildId());
        data.put("action", action(action));
        data.put("rule_id", Long.toString(trigger.rule().id()));
        data.put("rule_trigger_type", trigger.rule().triggerType().value());
        data.put("user_id", judged.userId());
        data.put("channel_id", judged.channelId());
        if (judged.messageId() != null) {
            data.put("message_id", judged.messageId());
        }
        if (alertMessageId != null) {
            data.put("alert_system_message_id", alertMessageId);
        }
        data.put("content", trigger.content());
        data.put("matched_keyword", trigger.matchedKeyword());
        data.put("matched_content", trigger.matchedContent());
        return new DomainEvent(
                AUTO_MODERATION_ACTION_EXECUTION,
                judged.guildId().asString(),
                new Audience(null, judged.guildId(), null, Permission.MANAGE_GUILD.name()),
                data);
    }

    /** The action as a rule object shows it: its type and the metadata of that type. */
    static Map<String, Object> action(AutomodAction action) {
        Map<String, Object> metadata = new LinkedHashMap<>();
        switch (action.type()) {
            case AutomodAction.BLOCK_MESSAGE -> {
                if (action.customMessage() != null) {
                    metadata.put("custom_message", action.customMessage());
                }
            }
            case AutomodAction.SEND_ALERT_MESSAGE -> metadata.put("channel_id", Long.toString(action.channelId()));
            case AutomodAction.TIMEOUT_USER -> metadata.put("duration_seconds", action.durationSeconds());
            default -> {}
        }
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("type", action.type());
        shown.put("metadata", metadata);
        return shown;
    }
}
