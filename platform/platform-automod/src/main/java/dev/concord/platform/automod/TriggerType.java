package dev.concord.platform.automod;

/** What a rule looks at; the value is the wire's {@code trigger_type}. */
public enum TriggerType {
    /** The rule's own keywords and regexes in a message. */
    KEYWORD(1),
    /** Repeated or generic spam: judged by the caller, which holds the state (see {@link SpamFingerprint}). */
    SPAM(3),
    /** The platform's preset word lists in a message. */
    KEYWORD_PRESET(4),
    /** More unique user and role mentions in one message than the rule allows. */
    MENTION_SPAM(5),
    /** The rule's keywords and regexes in a member's names (join or profile change). */
    USER_PROFILE(6),
    /** The platform's own policy: judged outside this engine, never triggered here. */
    GUILD_POLICY(7);

    private final int value;

    TriggerType(int value) {
        this.value = value;
    }

    public int value() {
        return value;
    }

    /** The type with this wire value; an unknown value is refused. */
    public static TriggerType of(int value) {
        for (TriggerType type : values()) {
            if (type.value == value) {
                return type;
            }
        }
        throw new IllegalArgumentException("unknown trigger type " + value);
    }

    /** Whether the rule is judged when a member sends or edits a message (event type 1, MESSAGE_SEND). */
    public boolean onMessage() {
        return this != USER_PROFILE;
    }
}
