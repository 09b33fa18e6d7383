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

    /** What a new voice or stage channel carries unless told otherwise. */
    public static final int DEFAULT_BITRATE = 64_000;

    public static final Set<Integer> ALL = Set.of(TEXT, VOICE, CATEGORY, ANNOUNCEMENT, STAGE, DIRECTORY, FORUM);

    private ChannelType() {}

    /** Channels people talk in by voice: they have a bitrate, a user limit and a region. */
    public static boolean isVoice(int type) {
        return type == VOICE || type == STAGE;
    }

    /** Channels with a topic. */
    static boolean hasTopic(int type) {
        return type == TEXT || type == ANNOUNCEMENT || type == FORUM || type == STAGE || type == DIRECTORY;
    }
}
