package dev.concord.presence.session;

import dev.concord.presence.activity.Activity;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a client sets of a session's presence (op 2's {@code presence}, op 3): a status, null for
 * {@code unknown} (the user's status setting then applies), activities as sent, whether it is AFK and
 * since when it is idle.
 */
public record PresenceUpdate(
        @Nullable Status status,
        List<Activity> activities,
        boolean afk,
        @Nullable Long since) {

    public static final PresenceUpdate UNKNOWN = new PresenceUpdate(null, List.of(), false, null);
}
