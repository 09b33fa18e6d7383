package dev.concord.guild.threads;

import java.util.List;
import java.util.Set;

/** The thread channel types with the platform's wire values, and what a thread may be set to. */
public final class ThreadTypes {

    /** A thread of an announcement channel. */
    public static final int ANNOUNCEMENT = 10;

    public static final int PUBLIC = 11;
    public static final int PRIVATE = 12;

    public static final Set<Integer> ALL = Set.of(ANNOUNCEMENT, PUBLIC, PRIVATE);

    /** Minutes of inactivity after which a thread archives itself: an hour, a day, three days, a week. */
    public static final List<Integer> AUTO_ARCHIVE_DURATIONS = List.of(60, 1440, 4320, 10080);

    /** What a thread archives after unless told otherwise: a day, the platform's default. */
    public static final int DEFAULT_AUTO_ARCHIVE_DURATION = 1440;

    public static final int MAX_NAME = 100;
    public static final int MAX_SLOWMODE = 21_600;
    public static final int MAX_APPLIED_TAGS = 5;

    /** Channel flag: a forum post pinned to the top of its forum. */
    public static final int PINNED = 1 << 1;

    /** Channel flag of a forum: a post must carry at least one tag. */
    public static final int REQUIRE_TAG = 1 << 4;

    private ThreadTypes() {}
}
