package dev.concord.presence.session;

import dev.concord.platform.ids.Snowflake;
import dev.concord.presence.activity.Activity;
import dev.concord.presence.activity.ActivityTypes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A user's presence as a whole, from their sessions: the status the strongest session shows
 * ({@link Status#strongest}), each platform's status in {@code client_status} (an invisible session shows
 * on none), and every session's activities, oldest session first, each id once.
 *
 * <p>This is the special {@code all} session, which is what others are shown; its client is unknown.
 */
public final class Overall {

    /** The id of the session that stands for all of a user's sessions. */
    public static final String ALL = "all";
    /** How many sessions besides {@code all} a user is shown of their own, the most recent kept. */
    public static final int MAX_LISTED_SESSIONS = 15;

    private final Snowflake user;
    private final List<StoredSession> sessions;
    private final Status status;
    private final Map<String, Status> clientStatus;
    private final List<Activity> activities;

    private Overall(Snowflake user, List<StoredSession> sessions) {
        this.user = user;
        this.sessions = sessions.stream()
                .sorted(Comparator.comparingLong(StoredSession::startedAt).thenComparing(StoredSession::sessionId))
                .toList();
        Status strongest = Status.OFFLINE;
        Map<String, Status> platforms = new LinkedHashMap<>();
        List<Activity> all = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (StoredSession session : this.sessions) {
            strongest = strongest.strongest(session.status());
            if (session.status() != Status.INVISIBLE) {
                platforms.merge(session.clientInfo().platform(), session.status(), Status::strongest);
            }
            for (Activity activity : session.activities()) {
                if (ids.add(activity.id())) {
                    all.add(activity);
                }
            }
        }
        this.status = strongest;
        this.clientStatus = platforms;
        this.activities = all;
    }

    public static Overall of(Snowflake user, List<StoredSession> sessions) {
        return new Overall(user, sessions);
    }

    public Status status() {
        return status;
    }

    /** Every session's activities, oldest session first, each id once, with their send-only parts. */
    public List<Activity> activities() {
        return activities;
    }

    /** What others see, with activities only where the user's settings let games show. */
    public PresenceView shown(boolean showGames) {
        Status shown = status.shown();
        if (shown == Status.OFFLINE) {
            return PresenceView.offline(user);
        }
        return new PresenceView(new PresenceView.UserId(user), null, shown, visible(showGames), clientStatus);
    }

    /** The activities others see: none but a custom status when games are not to show. */
    public List<Activity> visible(boolean showGames) {
        return activities.stream()
                .filter(activity -> showGames || activity.type() == ActivityTypes.CUSTOM)
                .map(Activity::shown)
                .toList();
    }

    /**
     * The user's own sessions as they see them: each (the most recent {@value #MAX_LISTED_SESSIONS}),
     * then, when there are several, {@code all}.
     */
    public List<SessionView> sessionViews() {
        List<SessionView> views = new ArrayList<>();
        int skip = Math.max(0, sessions.size() - MAX_LISTED_SESSIONS);
        for (StoredSession session : sessions.subList(skip, sessions.size())) {
            views.add(new SessionView(
                    session.sessionId(),
                    session.clientInfo(),
                    session.status().shown(),
                    session.activities().stream().map(Activity::shown).toList(),
                    null));
        }
        if (sessions.size() > 1) {
            views.add(new SessionView(
                    ALL,
                    ClientInfo.UNKNOWN,
                    status.shown(),
                    activities.stream().map(Activity::shown).toList(),
                    true));
        }
        return views;
    }
}
