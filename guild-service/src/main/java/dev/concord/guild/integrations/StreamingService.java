package dev.concord.guild.integrations;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The third-party streaming services a guild links to. On the wire they carry the platform's names
 * ({@code twitch}, {@code youtube}), which its clients and its API description expect; the interface
 * document's neutral stand-ins ({@code livestream}, {@code videosite}) are read as the same.
 */
enum StreamingService {
    TWITCH("twitch", "livestream", true),
    YOUTUBE("youtube", "videosite", false);

    /** Every name a request may use, for the error that lists the choices. */
    static final List<String> NAMES = List.of("twitch", "youtube", "livestream", "videosite");

    private final String wireName;
    private final String standIn;
    private final boolean emoticons;

    StreamingService(String wireName, String standIn, boolean emoticons) {
        this.wireName = wireName;
        this.standIn = standIn;
        this.emoticons = emoticons;
    }

    String wireName() {
        return wireName;
    }

    /** Only a livestream integration shares its emoticons ({@code enable_emoticons}). */
    boolean hasEmoticons() {
        return emoticons;
    }

    static @Nullable StreamingService named(@Nullable String name) {
        for (StreamingService service : values()) {
            if (service.wireName.equals(name) || service.standIn.equals(name)) {
                return service;
            }
        }
        return null;
    }
}
