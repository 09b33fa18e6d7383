package dev.concord.social.notifications;

import java.util.List;

/** The platform's message notification levels, and the flag bits of user guild settings. */
final class MessageNotifications {

    static final int ALL_MESSAGES = 0;
    static final int ONLY_MENTIONS = 1;
    static final int NO_MESSAGES = 2;
    /** "NULL": follow the level above (the guild's default for a guild, the guild's setting for a channel). */
    static final int PARENT_DEFAULT = 3;

    static final List<Integer> LEVELS = List.of(ALL_MESSAGES, ONLY_MENTIONS, NO_MESSAGES, PARENT_DEFAULT);

    /** Highlight levels: 0 default (same as enabled), 1 disabled, 2 enabled. */
    static final List<Integer> HIGHLIGHT_LEVELS = List.of(0, 1, 2);

    /** UNREADS_ALL_MESSAGES, UNREADS_ONLY_MENTIONS, OPT_IN_CHANNELS_OFF, OPT_IN_CHANNELS_ON. */
    static final int GUILD_FLAGS = 1 << 11 | 1 << 12 | 1 << 13 | 1 << 14;
    /**
     * UNREADS_ONLY_MENTIONS, UNREADS_ALL_MESSAGES, FAVORITED, OPT_IN_ENABLED, NEW_FORUM_THREADS_OFF,
     * NEW_FORUM_THREADS_ON.
     */
    static final int CHANNEL_FLAGS = 1 << 9 | 1 << 10 | 1 << 11 | 1 << 12 | 1 << 13 | 1 << 14;

    /** A guild has at most 500 channels, so no user needs more overrides for one. */
    static final int MAX_CHANNEL_OVERRIDES = 500;
    /** A user is in at most 200 guilds (with premium), so no bulk change needs more. */
    static final int MAX_GUILDS = 200;

    private MessageNotifications() {}
}
