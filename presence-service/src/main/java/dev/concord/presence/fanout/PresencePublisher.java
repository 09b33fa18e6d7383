package dev.concord.presence.fanout;

import static dev.concord.platform.events.EventTypes.PRESENCE_UPDATE;
import static dev.concord.platform.events.EventTypes.SESSIONS_REPLACE;

import dev.concord.platform.events.DirectEvents;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.ids.Snowflake;
import dev.concord.presence.session.Overall;
import dev.concord.presence.session.PresenceView;
import dev.concord.presence.session.SessionStore;
import java.util.ArrayList;
import java.util.List;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Tells everyone concerned that a user's sessions changed: the user (SESSIONS_REPLACE, every time) and,
 * when what others see of them changed, those who see their overall presence (PRESENCE_UPDATE).
 *
 * <p>Two changes of one user can be computed at once (two sessions, two replicas); each carries its
 * number among the user's changes, and the overall presence is recorded only if no later change's is
 * ({@link SessionStore#publishOverall}). A change that comes too late publishes nothing: the later one
 * has the newer state.
 */
@Component
public final class PresencePublisher {

    private final SessionStore store;
    private final Audiences audiences;
    private final DirectEvents events;
    private final JsonMapper mapper;

    PresencePublisher(SessionStore store, Audiences audiences, DirectEvents events, JsonMapper mapper) {
        this.store = store;
        this.audiences = audiences;
        this.events = events;
        this.mapper = mapper;
    }

    public Mono<Void> publish(SessionStore.Snapshot snapshot) {
        Snowflake user = snapshot.userId();
        Overall overall = Overall.of(user, snapshot.sessions());
        return audiences.of(user).flatMap(audience -> {
            PresenceView shown = overall.shown(audience.showCurrentGame());
            String json = mapper.writeValueAsString(shown);
            return store.publishOverall(user, snapshot.version(), json).flatMap(previous -> {
                if (previous.isEmpty()) {
                    return Mono.<Void>empty();
                }
                List<DomainEvent> out = new ArrayList<>(2);
                out.add(new DomainEvent(
                        SESSIONS_REPLACE,
                        user.asString(),
                        dev.concord.platform.events.Audience.users(user),
                        overall.sessionViews()));
                String before = previous.get();
                boolean unchanged = json.equals(before) || (before.isEmpty() && shown.isOffline());
                if (!unchanged && !audience.watchers().isEmpty()) {
                    out.add(new DomainEvent(
                            PRESENCE_UPDATE,
                            user.asString(),
                            dev.concord.platform.events.Audience.users(audience.watchers()),
                            shown));
                }
                return events.publish(out);
            });
        });
    }
}
