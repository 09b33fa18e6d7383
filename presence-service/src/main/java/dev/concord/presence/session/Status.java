package dev.concord.presence.session;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * A session's status. {@code invisible} is only ever sent (others see {@code offline}); {@code offline} is
 * only ever received; {@code unknown} asks the server to choose (the user's own status setting).
 */
public enum Status {
    ONLINE,
    DND,
    IDLE,
    INVISIBLE,
    OFFLINE;

    /** What a client may send, as the platform names the choices. */
    public static final List<String> SENDABLE = List.of("online", "dnd", "idle", "invisible", "unknown");

    @JsonValue
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * A sent status; null for {@code unknown}, which the caller resolves. {@code offline} is taken for
     * {@code invisible}: libraries send it for a bot that should look offline.
     */
    public static @Nullable Status sent(String value) {
        return switch (value) {
            case "online" -> ONLINE;
            case "dnd" -> DND;
            case "idle" -> IDLE;
            case "invisible", "offline" -> INVISIBLE;
            case "unknown" -> null;
            default -> throw new IllegalArgumentException(value);
        };
    }

    public static boolean isSendable(String value) {
        return SENDABLE.contains(value) || value.equals("offline");
    }

    /**
     * Which of two sessions' statuses the user as a whole shows: a status the user chose to be left alone
     * with wins over being there, being there over being away, and invisible only when every session is.
     */
    public Status strongest(Status other) {
        return rank() >= other.rank() ? this : other;
    }

    private int rank() {
        return switch (this) {
            case DND -> 4;
            case ONLINE -> 3;
            case IDLE -> 2;
            case INVISIBLE -> 1;
            case OFFLINE -> 0;
        };
    }

    /** What others see of it. */
    public Status shown() {
        return this == INVISIBLE ? OFFLINE : this;
    }
}
