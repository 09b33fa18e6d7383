package dev.concord.presence.session;

import dev.concord.platform.ids.Snowflake;
import dev.concord.presence.activity.Activity;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One session's presence as Redis holds it: whose it is, where it lives (the gateway instance serving
 * it; none for a headless or launcher session, which expires by time instead), its client, its status
 * and its activities with their send-only parts.
 *
 * @param instance the gateway instance whose lease keeps it; empty for a session that expires by time
 * @param since when the client says it went idle (op 3's {@code since}), Unix ms; null when it did not
 * @param startedAt when the session's presence was first set, Unix ms: sessions are listed oldest first
 * @param expiresAt when it goes by itself, Unix ms; 0 for a gateway session
 */
public record StoredSession(
        String sessionId,
        Snowflake userId,
        String instance,
        ClientInfo clientInfo,
        Status status,
        List<Activity> activities,
        boolean afk,
        @Nullable Long since,
        long startedAt,
        long expiresAt) {

    /** The prefix of a headless session's id. */
    public static final String HEADLESS_PREFIX = "h:";

    public StoredSession {
        activities = List.copyOf(activities);
    }

    public StoredSession withPresence(Status status, List<Activity> activities, boolean afk, @Nullable Long since) {
        return new StoredSession(
                sessionId, userId, instance, clientInfo, status, activities, afk, since, startedAt, expiresAt);
    }

    public StoredSession withInstance(String instance) {
        return new StoredSession(
                sessionId, userId, instance, clientInfo, status, activities, afk, since, startedAt, expiresAt);
    }
}
