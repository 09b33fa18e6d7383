package dev.concord.presence.activity;

import java.util.List;

/** The platform's activity types, flags and platforms, with the rules that hang on them. */
public final class ActivityTypes {

    public static final int PLAYING = 0;
    public static final int STREAMING = 1;
    public static final int LISTENING = 2;
    public static final int WATCHING = 3;
    public static final int CUSTOM = 4;
    public static final int COMPETING = 5;
    public static final int HANG = 6;

    /** A custom status's name, whatever the client sent. */
    public static final String CUSTOM_NAME = "Custom Status";

    public static final long INSTANCE = 1L;
    public static final long JOIN = 1L << 1;
    public static final long SPECTATE = 1L << 2;
    public static final long JOIN_REQUEST = 1L << 3;
    public static final long SYNC = 1L << 4;
    public static final long PLAY = 1L << 5;
    public static final long PARTY_PRIVACY_FRIENDS = 1L << 6;
    public static final long PARTY_PRIVACY_VOICE_CHANNEL = 1L << 7;
    public static final long EMBEDDED = 1L << 8;
    /** Every flag the platform defines. */
    public static final long KNOWN_FLAGS = (1L << 9) - 1;

    /** The activity platforms, in the seed's neutral names for the console and vendor integrations. */
    public static final List<String> PLATFORMS =
            List.of("desktop", "console_a", "vendor_a", "ios", "android", "embedded", "console_b4", "console_b5");

    private ActivityTypes() {}

    /** Bots show what they do in words, never a hang status (it needs a person in voice). */
    static boolean botMaySet(int type) {
        return type >= PLAYING && type <= COMPETING;
    }
}
