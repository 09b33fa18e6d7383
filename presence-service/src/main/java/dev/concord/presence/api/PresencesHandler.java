package dev.concord.presence.api;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.JsonBodies;
import dev.concord.presence.activity.Activity;
import dev.concord.presence.activity.ActivityTypes;
import dev.concord.presence.applications.ApplicationReplica;
import dev.concord.presence.fanout.WatchedPresences;
import dev.concord.presence.session.ClientInfo;
import dev.concord.presence.session.PresenceSessions;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * {@code GET /presences}: the overall presences of the caller's friends and implicit relationships who are
 * not offline, with the partial applications their activities name (and the guilds where they are in
 * voice: none until voice exists). {@code POST /presences}: the one game launcher's mobile game session.
 */
@Component
final class PresencesHandler {

    /** The launcher's session, one per user: its activities show as a mobile session. */
    static final String LAUNCHER_SESSION = "launcher";
    /** The launcher names its games by Android package, which the store lists as a third-party SKU of this distributor. */
    static final String LAUNCHER_DISTRIBUTOR = "google_play";
    /** How long the launcher is told to wait while a game's application is not known here yet. */
    static final long RETRY_AFTER_MILLIS = 4_000;

    private static final ClientInfo LAUNCHER_CLIENT = new ClientInfo("mobile", "os_mobile_a", 0);

    private final WatchedPresences watched;
    private final ApplicationReplica applications;
    private final PresenceSessions sessions;
    private final Set<Snowflake> launcherApplications;

    PresencesHandler(
            WatchedPresences watched,
            ApplicationReplica applications,
            PresenceSessions sessions,
            @Value("${concord.presence.launcher-application-ids:567994086452363286,591317049637339146}")
                    List<String> launcherApplications) {
        this.watched = watched;
        this.applications = applications;
        this.sessions = sessions;
        this.launcherApplications =
                Set.copyOf(launcherApplications.stream().map(Snowflake::parse).toList());
    }

    Mono<ServerResponse> list(ServerRequest request) {
        Principal caller = PresenceAccess.personOrScope(request, PresenceAccess.READ);
        return watched.of(caller.userId()).flatMap(presences -> {
            Set<Snowflake> named = new LinkedHashSet<>();
            for (JsonNode presence : presences) {
                for (JsonNode activity : presence.path("activities")) {
                    Snowflake id = Snowflake.parseOrNull(
                            activity.path("application_id").asString(""));
                    if (id != null) {
                        named.add(id);
                    }
                }
            }
            return applications.partials(named).flatMap(found -> {
                Map<String, Object> body = new LinkedHashMap<>();
                body.put("guilds", List.of());
                body.put("presences", presences);
                body.put(
                        "applications",
                        named.stream()
                                .filter(found::containsKey)
                                .map(found::get)
                                .toList());
                return ServerResponse.ok().bodyValue(body);
            });
        });
    }

    Mono<ServerResponse> launcher(ServerRequest request) {
        Principal caller = PresenceAccess.personOrScope(request, PresenceAccess.WRITE);
        if (caller.isOAuth2() && !launcherApplications.contains(caller.applicationId())) {
            throw ApiErrors.missingAccess();
        }
        return JsonBodies.checked(request, PresenceRequests.Launcher.class).flatMap(body -> {
            String update = body.updateOrDefault();
            if (update.equals("STOP")) {
                return sessions.endTimed(caller.userId(), LAUNCHER_SESSION)
                        .then(ServerResponse.noContent().build());
            }
            return applications
                    .bySku(LAUNCHER_DISTRIBUTOR, Objects.requireNonNull(body.packageName()))
                    .flatMap(game -> game.isEmpty()
                            ? notYetAvailable()
                            : sessions.putTimed(
                                            caller.userId(),
                                            LAUNCHER_SESSION,
                                            LAUNCHER_CLIENT,
                                            List.of(playing(game.get())),
                                            update.equals("START"))
                                    .then(ServerResponse.noContent().build()));
        });
    }

    /** The launcher's game as an activity: played on the vendor's mobile platform. */
    private static Activity playing(JsonNode application) {
        return new Activity(
                "",
                application.path("name").asString("Game"),
                ActivityTypes.PLAYING,
                null,
                0,
                null,
                "vendor_a",
                null,
                null,
                Snowflake.parse(application.path("id").asString()),
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
    }

    /** 202 with an error's shape: the launcher retries after {@code retry_after} milliseconds. */
    private static Mono<ServerResponse> notYetAvailable() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("message", "Application not yet available. Try again later");
        body.put("code", 110001);
        body.put("retry_after", RETRY_AFTER_MILLIS);
        return ServerResponse.accepted().bodyValue(body);
    }
}
