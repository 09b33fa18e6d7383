package dev.concord.guild.channels;

import java.util.Set;

/** The guild channel types this service keeps, with the platform's wire values. */
public final class ChannelType {

    public static final int TEXT = 0;
    public static final int VOICE = 2;
    public static final int CATEGORY = 4;
    public static final int ANNOUNCEMENT = 5;
    public static final int STAGE = 13;
    public static final int DIRECTORY = 14;
    public static final int FORUM = 15;
    /**
     * Kept and answered like a forum, but not creatable: the platform's create endpoint does not take it
     * (its OpenAPI description lists 0, 2, 4, 5, 13, 14 and 15), so no client can make one here yet.
     */
    public static final int MEDIA = 16;

    /** What a new voice or stage channel carries unless told otherwise. */
    public static final int DEFAULT_BITRATE = 64_000;

    public static final Set<Integer> ALL = Set.of(TEXT, VOICE, CATEGORY, ANNOUNCEMENT, STAGE, DIRECTORY, FORUM, MEDIA);

    private ChannelType() {}

    /** Channels people talk in by voice: they have a bitrate, a user limit and a region. */
    public static boolean isVoice(int type) {
        return type == VOICE || type == STAGE;
    }

    /** Channels with a topic. */
    static boolean hasTopic(int type) {
        return type == TEXT
                || type == ANNOUNCEMENT
                || type == FORUM
                || type == MEDIA
                || type == STAGE
                || type == DIRECTORY;
    }

    /**
     * Channels of threads only (forum and media): they have tags, a default sort order, a default
     * reaction and a default slowmode for new threads. The default layout is the forum's alone.
     */
    public static boolean isThreadOnly(int type) {
        return type == FORUM || type == MEDIA;
    }
}
