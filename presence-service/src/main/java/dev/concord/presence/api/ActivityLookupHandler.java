package dev.concord.presence.api;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import dev.concord.presence.activity.Activity;
import dev.concord.presence.activity.ActivityTypes;
import dev.concord.presence.fanout.Audience;
import dev.concord.presence.fanout.Audiences;
import dev.concord.presence.session.Overall;
import dev.concord.presence.session.SessionStore;
import dev.concord.presence.session.StoredSession;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * What an activity keeps from others' presence updates, for those who see the user's presence (or the
 * user): its metadata, and the secret that joins its party.
 *
 * <p>{@code GET /users/{user.id}/sessions/{session_id}/activities/{application.id}/metadata} answers the
 * activity's metadata, or 204 when it has none. {@code GET .../{activity_action_type}} answers
 * {@code {"secret"}} for JOIN (1) and JOIN_REQUEST (5): the activity must carry the matching flag (JOIN;
 * for a join request, JOIN or JOIN_REQUEST) and open its party to the caller — PARTY_PRIVACY_FRIENDS to
 * the user's friends, PARTY_PRIVACY_VOICE_CHANNEL to those in the user's voice channel (voice is not kept
 * yet, so no one). A rich presence invite (its {@code channel_id} and {@code message_id}) is the other
 * way in: messages cannot carry one yet, so an invite is an unknown message.
 *
 * <p>The session id {@code all} (or {@code null}, as a client writes an activity's missing session id)
 * stands for the user's primary activity of that application, in whichever session it is; application id
 * {@code 0} for a listening activity of no application, the last such.
 */
@Component
final class ActivityLookupHandler {

    static final List<String> ANY_SESSION = List.of(Overall.ALL, "null");
    static final long JOIN_REQUEST = 5;

    private final SessionStore store;
    private final Audiences audiences;

    ActivityLookupHandler(SessionStore store, Audiences audiences) {
        this.store = store;
        this.audiences = audiences;
    }

    Mono<ServerResponse> metadata(ServerRequest request) {
        Principal caller = Principals.user(request);
        return activity(request, caller)
                .flatMap(found -> found.isEmpty() || found.get().metadata() == null
                        ? ServerResponse.noContent().build()
                        : ServerResponse.ok()
                                .bodyValue(Objects.requireNonNull(found.get().metadata())));
    }

    Mono<ServerResponse> secret(ServerRequest request) {
        Principal caller = PresenceAccess.personOrScope(request, PresenceAccess.READ);
        long action = actionType(request);
        if (request.queryParam("channel_id").isPresent()
                || request.queryParam("message_id").isPresent()) {
            PathIds.optionalQuery(request, "channel_id");
            PathIds.optionalQuery(request, "message_id");
            return Mono.error(ApiErrors.unknown(Unknown.MESSAGE));
        }
        Snowflake owner = PathIds.snowflake(request, "user_id");
        return activity(request, caller).flatMap(activity -> {
            if (activity.isEmpty()) {
                return Mono.error(ApiErrors.notFound());
            }
            Activity found = activity.get();
            boolean flagged = found.hasFlag(ActivityTypes.JOIN)
                    || (action == JOIN_REQUEST && found.hasFlag(ActivityTypes.JOIN_REQUEST));
            Activity.Secrets secrets = found.secrets();
            if (!flagged || secrets == null || secrets.join() == null) {
                return Mono.error(ApiErrors.missingAccess());
            }
            if (caller.userId().equals(owner)) {
                return ServerResponse.ok().bodyValue(Map.of("secret", secrets.join()));
            }
            return audiences
                    .of(owner)
                    .flatMap(audience -> admits(found, audience, caller.userId())
                            ? ServerResponse.ok().bodyValue(Map.of("secret", secrets.join()))
                            : Mono.error(ApiErrors.missingAccess()));
        });
    }

    /** Whether the activity's party privacy lets {@code caller} in without an invite. */
    private static boolean admits(Activity activity, Audience owner, Snowflake caller) {
        return activity.hasFlag(ActivityTypes.PARTY_PRIVACY_FRIENDS)
                && owner.friends().contains(caller);
    }

    /** The activity the path names, once the caller may see its user's presence; 404 10020 for an unknown session. */
    private Mono<Optional<Activity>> activity(ServerRequest request, Principal caller) {
        Snowflake owner = PathIds.snowflake(request, "user_id");
        Snowflake application = PathIds.snowflake(request, "application_id");
        String sessionId = request.pathVariable("session_id");
        Mono<Boolean> allowed = caller.userId().equals(owner)
                ? Mono.just(true)
                : audiences.of(owner).map(audience -> audience.watchers().contains(caller.userId()));
        return allowed.flatMap(may -> {
            if (!may) {
                return Mono.error(ApiErrors.missingAccess());
            }
            Mono<List<StoredSession>> sessions = ANY_SESSION.contains(sessionId)
                    ? store.sessions(owner)
                    : store.session(owner, sessionId)
                            .map(found -> found.map(List::of).orElse(List.of()));
            return sessions.flatMap(found -> {
                if (found.isEmpty()) {
                    return Mono.error(ApiErrors.unknown(Unknown.SESSION));
                }
                return Mono.just(find(found, owner, application));
            });
        });
    }

    private static Optional<Activity> find(List<StoredSession> sessions, Snowflake owner, Snowflake application) {
        List<Activity> all = Overall.of(owner, sessions).activities();
        if (application.value() == 0) {
            return all.stream()
                    .filter(activity -> activity.type() == ActivityTypes.LISTENING && activity.applicationId() == null)
                    .reduce((first, second) -> second);
        }
        return all.stream()
                .filter(activity -> application.equals(activity.applicationId()))
                .findFirst();
    }

    /** JOIN (1) or JOIN_REQUEST (5): the two a secret is given for. */
    private static long actionType(ServerRequest request) {
        String value = request.pathVariable("activity_action_type");
        if (!value.equals("1") && !value.equals("5")) {
            throw new Violations()
                    .add("activity_action_type", "BASE_TYPE_CHOICES", "Value must be one of {1, 5}.")
                    .toException();
        }
        return Long.parseLong(value);
    }
}
