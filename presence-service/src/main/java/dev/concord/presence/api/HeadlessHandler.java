package dev.concord.presence.api;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import dev.concord.presence.activity.Activity;
import dev.concord.presence.activity.ActivityReader;
import dev.concord.presence.session.ClientInfo;
import dev.concord.presence.session.HeadlessTokens;
import dev.concord.presence.session.PresenceSessions;
import dev.concord.presence.session.RandomTokens;
import dev.concord.presence.session.StoredSession;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * Headless sessions: an application a person granted {@code activities.write} shows one activity of its
 * own for them without a client (a console's game, say). {@code POST /users/@me/headless-sessions} makes
 * one (or, with its token, replaces its activity and renews it) for {@code concord.presence.headless-lifetime}
 * (20 minutes); {@code POST /users/@me/headless-sessions/delete} ends it. Each fires SESSIONS_REPLACE.
 */
@Component
final class HeadlessHandler {

    private final PresenceSessions sessions;
    private final HeadlessTokens tokens;
    private final RandomTokens ids;

    HeadlessHandler(PresenceSessions sessions, HeadlessTokens tokens, RandomTokens ids) {
        this.sessions = sessions;
        this.tokens = tokens;
        this.ids = ids;
    }

    Mono<ServerResponse> create(ServerRequest request) {
        Principal caller = PresenceAccess.application(request, PresenceAccess.WRITE);
        return JsonBodies.checked(request, PresenceRequests.Headless.class).flatMap(body -> {
            Activity activity = oneActivity(body, Objects.requireNonNull(caller.applicationId()));
            Duration lifetime = sessions.settings().headlessLifetime();
            Snowflake user = caller.userId();
            String token = body.token();
            Mono<Map.Entry<String, String>> session = token == null
                    ? Mono.defer(() -> {
                        String id = StoredSession.HEADLESS_PREFIX + ids.hex(12);
                        return tokens.issue(user, id, lifetime).map(issued -> Map.entry(id, issued));
                    })
                    : tokens.sessionOf(user, token)
                            .flatMap(found -> found.isEmpty()
                                    ? Mono.error(ApiErrors.unknown(Unknown.SESSION))
                                    : tokens.renew(token, lifetime).thenReturn(Map.entry(found.get(), token)));
            return session.flatMap(
                    named -> sessions.putTimed(user, named.getKey(), clientOf(activity), List.of(activity), false)
                            .flatMap(stored -> ServerResponse.ok()
                                    .bodyValue(Map.of(
                                            "activities",
                                            stored.activities().stream()
                                                    .map(Activity::shown)
                                                    .toList(),
                                            "token",
                                            named.getValue()))));
        });
    }

    Mono<ServerResponse> delete(ServerRequest request) {
        Principal caller = PresenceAccess.application(request, PresenceAccess.WRITE);
        return JsonBodies.checked(request, PresenceRequests.HeadlessDelete.class)
                .flatMap(body -> {
                    String token = Objects.requireNonNull(body.token());
                    return tokens.sessionOf(caller.userId(), token)
                            .flatMap(found -> found.isEmpty()
                                    ? Mono.error(ApiErrors.unknown(Unknown.SESSION))
                                    : sessions.endTimed(caller.userId(), found.get())
                                            .then(tokens.revoke(token)))
                            .then(ServerResponse.noContent().build());
                });
    }

    /**
     * Exactly one activity, which besides its name and type names its application (the caller's own) and
     * the platform it is played on; every other limit as for any activity.
     */
    private static Activity oneActivity(PresenceRequests.Headless body, Snowflake application) {
        Violations v = new Violations();
        List<Activity> activities = ActivityReader.read(body.activities(), false, v, "activities");
        if (body.activities() != null
                && body.activities().isArray()
                && body.activities().size() != 1) {
            v.add("activities", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 1 in length.");
        }
        Activity activity = activities.size() == 1 ? activities.get(0) : null;
        if (activity != null) {
            Violations at = v.at("activities").at(0);
            at.required("application_id", activity.applicationId());
            at.required("platform", activity.platform());
            if (activity.applicationId() != null && !activity.applicationId().equals(application)) {
                at.add("application_id", "BASE_TYPE_CHOICES", "Must be the application the token was granted to.");
            }
        }
        v.throwIfAny();
        return Objects.requireNonNull(activity);
    }

    /** The session's client, from the platform its activity is played on. */
    static ClientInfo clientOf(Activity activity) {
        String platform = Optional.ofNullable(activity.platform()).orElse("desktop");
        return switch (platform) {
            case "ios" -> new ClientInfo("mobile", "os_mobile_b", 0);
            case "android", "vendor_a" -> new ClientInfo("mobile", "os_mobile_a", 0);
            case "console_a", "console_b4", "console_b5" -> new ClientInfo("embedded", "console_os", 0);
            case "embedded" -> new ClientInfo("embedded", "unknown", 0);
            default -> new ClientInfo("desktop", "unknown", 0);
        };
    }
}
