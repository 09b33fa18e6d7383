package dev.concord.platform.automod;

/** Which text a trigger was found in. */
public enum MatchSource {
    /** The message's content. */
    CONTENT,
    /** One of the embed texts of a bot's or webhook's message. */
    EMBED,
    /** The message's mention count (MENTION_SPAM): no text matched. */
    MENTIONS,
    USERNAME,
    GLOBAL_NAME,
    NICKNAME
}
