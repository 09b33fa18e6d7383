package dev.concord.guild.automod;

import static dev.concord.guild.automod.AutoModerationTypes.BLOCK_MESSAGE;
import static dev.concord.guild.automod.AutoModerationTypes.SEND_ALERT_MESSAGE;
import static dev.concord.guild.automod.AutoModerationTypes.TIMEOUT_USER;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The rules of a rule's fields that need nothing but the body and the rule's trigger type, shared by
 * creating a rule (the type is in the body) and changing one (the type is the rule's). A field left out
 * (null here) is not checked; whether it is required is the request's business.
 */
final class RuleChecks {

    static final int MAX_NAME = 100;
    static final int MAX_ACTIONS = 5;
    static final int MAX_EXEMPT_ROLES = 20;
    static final int MAX_EXEMPT_CHANNELS = 50;
    static final int MAX_CUSTOM_MESSAGE = 150;
    /** 28 days, the longest timeout the platform gives. */
    static final int MAX_TIMEOUT_SECONDS = 2_419_200;

    private RuleChecks() {}

    /** Checks that need no trigger type: the name, and the exempt lists' sizes and items. */
    static void shapes(
            Violations v,
            @Nullable String name,
            @Nullable List<Snowflake> exemptRoles,
            @Nullable List<Snowflake> exemptChannels) {
        v.length("name", name, 1, MAX_NAME);
        ids(v, "exempt_roles", exemptRoles, MAX_EXEMPT_ROLES);
        ids(v, "exempt_channels", exemptChannels, MAX_EXEMPT_CHANNELS);
    }

    /** The event a rule of the trigger is checked on is fixed: MESSAGE_SEND, or GUILD_MEMBER_EVENT for USER_PROFILE. */
    static void eventType(Violations v, int triggerType, @Nullable Integer eventType) {
        if (eventType == null || !AutoModerationTypes.EVENT_TYPES.contains(eventType)) {
            return;
        }
        if (eventType != AutoModerationTypes.eventTypeOf(triggerType)) {
            v.add(
                    "event_type",
                    "AUTO_MODERATION_INVALID_EVENT_TYPE",
                    "Event type " + eventType + " does not apply to trigger type " + triggerType + ".");
        }
    }

    /** Exempt channels spare messages: a rule that judges profiles has none. */
    static void exemptChannels(Violations v, int triggerType, @Nullable List<Snowflake> exemptChannels) {
        if (exemptChannels != null && !exemptChannels.isEmpty() && !AutoModerationTypes.judgesMessages(triggerType)) {
            v.add(
                    "exempt_channels",
                    "AUTO_MODERATION_EXEMPT_CHANNELS_INVALID",
                    "Rules of trigger type " + triggerType + " do not judge messages and cannot exempt channels.");
        }
    }

    /** At least one and at most 5 actions, each of a type the trigger allows, with the metadata it needs. */
    static void actions(Violations v, @Nullable Integer triggerType, @Nullable List<ActionRequest> actions) {
        if (actions == null) {
            return;
        }
        if (actions.isEmpty()) {
            v.add("actions", "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.");
        }
        v.maxItems("actions", actions, MAX_ACTIONS);
        for (int i = 0; i < actions.size(); i++) {
            ActionRequest action = actions.get(i);
            Violations at = v.at("actions").at(i);
            if (action == null) {
                at.add(null, "BASE_TYPE_REQUIRED", "This field is required");
                continue;
            }
            Integer type = action.type().orNull();
            at.required("type", type);
            at.oneOf("type", type, AutoModerationTypes.ACTION_TYPES);
            if (type == null || !AutoModerationTypes.ACTION_TYPES.contains(type)) {
                continue;
            }
            if (triggerType != null && !AutoModerationTypes.allows(triggerType, type)) {
                at.add(
                        "type",
                        "AUTO_MODERATION_INVALID_ACTION_TYPE",
                        "Action type " + type + " cannot be set up for trigger type " + triggerType + ".");
            }
            metadata(at.at("metadata"), type, action);
        }
    }

    private static void metadata(Violations v, int type, ActionRequest action) {
        switch (type) {
            case SEND_ALERT_MESSAGE -> v.required("channel_id", action.channelIdOrNull());
            case TIMEOUT_USER ->
                v.required("duration_seconds", action.durationSecondsOrNull())
                        .range("duration_seconds", action.durationSecondsOrNull(), 0, MAX_TIMEOUT_SECONDS);
            case BLOCK_MESSAGE -> v.length("custom_message", action.customMessageOrNull(), 0, MAX_CUSTOM_MESSAGE);
            default -> {
                // QUARANTINE_USER reads no metadata.
            }
        }
    }

    private static void ids(Violations v, String field, @Nullable List<Snowflake> ids, int max) {
        v.maxItems(field, ids, max);
        if (ids != null) {
            for (int i = 0; i < ids.size(); i++) {
                v.at(field).required(Integer.toString(i), ids.get(i));
            }
        }
    }
}
