package dev.concord.guild.automod;

import java.util.List;

/**
 * The platform's auto moderation enumerations and which of them go together: the trigger types (2,
 * HARMFUL_LINK, is gone), the event each trigger is checked on, the actions each trigger may take, and how
 * many rules of each trigger a guild may have.
 */
final class AutoModerationTypes {

    static final int KEYWORD = 1;
    static final int SPAM = 3;
    static final int KEYWORD_PRESET = 4;
    static final int MENTION_SPAM = 5;
    static final int USER_PROFILE = 6;
    static final int GUILD_POLICY = 7;
    static final List<Integer> TRIGGER_TYPES =
            List.of(KEYWORD, SPAM, KEYWORD_PRESET, MENTION_SPAM, USER_PROFILE, GUILD_POLICY);

    /** A member sends or edits a message. */
    static final int MESSAGE_SEND = 1;
    /** A member joins or updates their profile. */
    static final int GUILD_MEMBER_EVENT = 2;

    static final List<Integer> EVENT_TYPES = List.of(MESSAGE_SEND, GUILD_MEMBER_EVENT);

    static final int BLOCK_MESSAGE = 1;
    static final int SEND_ALERT_MESSAGE = 2;
    static final int TIMEOUT_USER = 3;
    static final int QUARANTINE_USER = 4;
    static final List<Integer> ACTION_TYPES = List.of(BLOCK_MESSAGE, SEND_ALERT_MESSAGE, TIMEOUT_USER, QUARANTINE_USER);

    /** PROFANITY, SEXUAL_CONTENT, SLURS. */
    static final List<Integer> PRESETS = List.of(1, 2, 3);

    private AutoModerationTypes() {}

    /** The event a trigger is checked on: a member's profile for USER_PROFILE, their messages otherwise. */
    static int eventTypeOf(int triggerType) {
        return triggerType == USER_PROFILE ? GUILD_MEMBER_EVENT : MESSAGE_SEND;
    }

    /** Whether the trigger judges messages, and so may spare channels. */
    static boolean judgesMessages(int triggerType) {
        return eventTypeOf(triggerType) == MESSAGE_SEND;
    }

    /** How many rules of this trigger a guild may have: 6 keyword lists, one of everything else. */
    static int maxRulesOf(int triggerType) {
        return triggerType == KEYWORD ? 6 : 1;
    }

    /**
     * Whether a rule of this trigger may take this action: a guild policy rule only alerts; a timeout
     * follows keyword and mention spam rules only; a quarantine follows profile rules only.
     */
    static boolean allows(int triggerType, int actionType) {
        if (triggerType == GUILD_POLICY) {
            return actionType == SEND_ALERT_MESSAGE;
        }
        return switch (actionType) {
            case TIMEOUT_USER -> triggerType == KEYWORD || triggerType == MENTION_SPAM;
            case QUARANTINE_USER -> triggerType == USER_PROFILE;
            default -> true;
        };
    }

    /** TIMEOUT_USER and QUARANTINE_USER act on members: setting them up needs MODERATE_MEMBERS. */
    static boolean moderatesMembers(int actionType) {
        return actionType == TIMEOUT_USER || actionType == QUARANTINE_USER;
    }
}
