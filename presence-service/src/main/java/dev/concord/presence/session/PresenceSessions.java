package dev.concord.presence.session;

import dev.concord.platform.ids.Snowflake;
import dev.concord.presence.activity.Activity;
import dev.concord.presence.activity.ActivityTypes;
import dev.concord.presence.fanout.Audiences;
import dev.concord.presence.fanout.PresencePublisher;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Sessions' presences as they open, change, move and close, each change stored and then published
 * ({@link PresencePublisher}). An activity sent again (same type, name and application) keeps the id and
 * {@code created_at} it had; a new one gets a fresh id ({@code custom} for a custom status) and now.
 */
@Component
public final class PresenceSessions {

    /** How often an op 3 computed from a stale copy of the user's sessions is computed again before reading them. */
    private static final int COPY_ATTEMPTS = 3;

    private final RandomTokens tokens;

    private final SessionStore store;
    private final PresencePublisher publisher;
    private final Audiences audiences;
    private final Clock clock;

    private final PresenceSettings settings;

    PresenceSessions(
            SessionStore store,
            PresencePublisher publisher,
            Audiences audiences,
            Clock clock,
            PresenceSettings settings,
            RandomTokens tokens) {
        this.tokens = tokens;
        this.store = store;
        this.publisher = publisher;
        this.audiences = audiences;
        this.clock = clock;
        this.settings = settings;
    }

    /**
     * A session that lives by time rather than by a gateway connection (a headless session, the launcher's
     * mobile session): created, or replaced and its time renewed; {@code restart} gives its activities new
     * times (a game started anew). Answers the session as stored.
     */
    public Mono<StoredSession> putTimed(
            Snowflake user, String sessionId, ClientInfo client, List<Activity> sent, boolean restart) {
        long now = clock.millis();
        return store.session(user, sessionId).flatMap(found -> {
            List<Activity> before =
                    restart ? List.of() : found.map(StoredSession::activities).orElse(List.of());
            StoredSession session = new StoredSession(
                    sessionId,
                    user,
                    "",
                    client,
                    Status.ONLINE,
                    identified(sent, before, sessionId, now),
                    false,
                    null,
                    found.map(StoredSession::startedAt).orElse(now),
                    now + settings.headlessLifetime().toMillis());
            return store.put(session).flatMap(publisher::publish).thenReturn(session);
        });
    }

    /** Ends a session that lives by time; false when it was not there. */
    public Mono<Boolean> endTimed(Snowflake user, String sessionId) {
        return store.remove(user, sessionId, "*").flatMap(publisher::publishIfChanged);
    }

    public PresenceSettings settings() {
        return settings;
    }

    /** A new session (Identify) with its first presence; answers the user's sessions as they now stand. */
    public Mono<List<SessionView>> open(
            Snowflake user, String sessionId, String instance, ClientInfo client, PresenceUpdate update) {
        long now = clock.millis();
        return resolved(user, update.status()).flatMap(status -> {
            StoredSession session = new StoredSession(
                    sessionId,
                    user,
                    instance,
                    client,
                    status,
                    identified(update.activities(), List.of(), sessionId, now),
                    update.afk(),
                    update.since(),
                    now,
                    0);
            return store.put(session).flatMap(snapshot -> publisher
                    .publish(snapshot)
                    .thenReturn(Overall.of(user, snapshot.sessions()).sessionViews()));
        });
    }

    /** Op 3: the session's new presence; false when the session is not there (it ended, or never opened). */
    public Mono<Boolean> update(Snowflake user, String sessionId, String instance, PresenceUpdate update) {
        long now = clock.millis();
        return resolved(user, update.status())
                .flatMap(status -> updateFromCopy(user, sessionId, instance, update, status, now, COPY_ATTEMPTS));
    }

    /**
     * From the user's sessions as last seen here, written only if nothing changed since (one Redis call);
     * when something did, again from the sessions as they now are, and after a few such races (or with no
     * copy of them here) from a read of the session.
     */
    private Mono<Boolean> updateFromCopy(
            Snowflake user,
            String sessionId,
            String instance,
            PresenceUpdate update,
            Status status,
            long now,
            int attempts) {
        SessionStore.Snapshot copy = store.copyOf(user);
        StoredSession before = copy == null ? null : copy.session(sessionId);
        if (copy == null || before == null || attempts == 0) {
            return updateFromRead(user, sessionId, instance, update, status, now);
        }
        StoredSession after = updated(before, instance, update, status, now);
        return publisher
                .replaceAndPublish(copy.replacing(after), after)
                .flatMap(written -> written
                        ? Mono.just(true)
                        : updateFromCopy(user, sessionId, instance, update, status, now, attempts - 1));
    }

    private Mono<Boolean> updateFromRead(
            Snowflake user, String sessionId, String instance, PresenceUpdate update, Status status, long now) {
        return store.session(user, sessionId)
                .flatMap(current -> current.isEmpty()
                        ? Mono.just(false)
                        : store.replace(updated(current.get(), instance, update, status, now))
                                .flatMap(publisher::publishIfChanged));
    }

    private StoredSession updated(
            StoredSession before, String instance, PresenceUpdate update, Status status, long now) {
        return before.withInstance(instance)
                .withPresence(
                        status,
                        identified(update.activities(), before.activities(), before.sessionId(), now),
                        update.afk(),
                        update.since());
    }

    /** The session ended on {@code instance}: its presence goes with it. */
    public Mono<Void> close(Snowflake user, String sessionId, String instance) {
        return store.remove(user, sessionId, instance)
                .flatMap(publisher::publishIfChanged)
                .then();
    }

    /** The session was resumed on {@code instance}; false when its presence is gone (the client sets it anew). */
    public Mono<Boolean> claim(Snowflake user, String sessionId, String instance) {
        return store.claim(user, sessionId, instance).flatMap(snapshot -> {
            if (snapshot.isEmpty()) {
                return Mono.just(false);
            }
            SessionStore.Snapshot restored = snapshot.get();
            return restored.version() == 0
                    ? Mono.just(true)
                    : publisher.publish(restored).thenReturn(true);
        });
    }

    private Mono<Status> resolved(Snowflake user, @Nullable Status sent) {
        if (sent != null) {
            return Mono.just(sent);
        }
        return audiences.of(user).map(audience -> {
            Status setting = Status.sent(Status.isSendable(audience.status()) ? audience.status() : "online");
            return setting == null ? Status.ONLINE : setting;
        });
    }

    /** Gives each activity its id, time and session: those it had when it was there before. */
    List<Activity> identified(List<Activity> sent, List<Activity> before, String sessionId, long now) {
        List<Activity> activities = new ArrayList<>(sent.size());
        List<Activity> unmatched = new ArrayList<>(before);
        for (Activity activity : sent) {
            Activity previous =
                    unmatched.stream().filter(activity::sameAs).findFirst().orElse(null);
            if (previous != null) {
                unmatched.remove(previous);
            }
            String id = previous != null
                    ? previous.id()
                    : activity.type() == ActivityTypes.CUSTOM ? "custom" : tokens.hex(8);
            long createdAt = previous != null ? previous.createdAt() : now;
            activities.add(activity.identified(id, createdAt, sessionId));
        }
        return activities;
    }
}
