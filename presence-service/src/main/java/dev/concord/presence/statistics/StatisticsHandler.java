package dev.concord.presence.statistics;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.QueryParams;
import dev.concord.platform.web.Unknown;
import dev.concord.presence.api.PresenceAccess;
import dev.concord.presence.applications.ApplicationReplica;
import dev.concord.presence.fanout.Audiences;
import dev.concord.presence.session.RandomTokens;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Play statistics from the games clients report ({@code POST /activities}): the user's own, and what their
 * friends and affine users (their implicit relationships) shared of theirs, recently or of one game.
 */
@Component
final class StatisticsHandler {

    private final RandomTokens tokens;

    /** How far back "recently played" reaches for {@code GET /activities}. */
    static final Duration RECENT = Duration.ofDays(14);
    /** The most entries {@code GET /activities} lists. */
    static final int MAX_RECENT = 200;

    private final PlayStore plays;
    private final Audiences audiences;
    private final ApplicationReplica applications;
    private final UserDirectory users;
    private final Clock clock;

    StatisticsHandler(
            PlayStore plays,
            Audiences audiences,
            ApplicationReplica applications,
            UserDirectory users,
            Clock clock,
            RandomTokens tokens) {
        this.tokens = tokens;
        this.plays = plays;
        this.audiences = audiences;
        this.applications = applications;
        this.users = users;
        this.clock = clock;
    }

    /** {@code POST /activities}: records the report; answers the session's new token. 10002 for a game not known here. */
    Mono<ServerResponse> report(ServerRequest request) {
        Principal caller = Principals.user(request);
        return JsonBodies.checked(request, PlayReport.class).flatMap(report -> {
            Snowflake application = Objects.requireNonNull(report.applicationId());
            return applications.partials(List.of(application)).flatMap(known -> {
                if (!known.containsKey(application)) {
                    return Mono.error(ApiErrors.unknown(Unknown.APPLICATION));
                }
                String token = tokens.secret();
                return plays.record(caller.userId(), report, report.token(), token)
                        .then(ServerResponse.ok().bodyValue(Map.of("token", token)));
            });
        });
    }

    /** {@code GET /users/@me/activities/statistics/applications}: every game the user played, last played first. */
    Mono<ServerResponse> mine(ServerRequest request) {
        Principal caller = Principals.user(request);
        return plays.ofUser(caller.userId())
                .map(row -> {
                    Map<String, Object> item = new LinkedHashMap<>();
                    item.put("application_id", row.applicationId());
                    item.put("last_played_at", row.lastPlayedAt());
                    item.put("first_played_at", row.firstPlayedAt());
                    item.put("total_duration", row.totalDuration());
                    item.put("total_platform_sku_duration", row.totalPlatformSkuDuration());
                    return item;
                })
                .collectList()
                .flatMap(items -> ServerResponse.ok().bodyValue(items));
    }

    /**
     * {@code GET /activities}: the games the caller's friends and affine users played lately and shared,
     * with their users and applications when asked ({@code with_users}, {@code with_applications}).
     */
    Mono<ServerResponse> recent(ServerRequest request) {
        Principal caller = PresenceAccess.personOrScope(request, PresenceAccess.READ);
        boolean withUsers = QueryParams.flag(request, "with_users");
        boolean withApplications = QueryParams.flag(request, "with_applications");
        OffsetDateTime since = OffsetDateTime.ofInstant(clock.instant().minus(RECENT), ZoneOffset.UTC);
        return audiences
                .of(caller.userId())
                .flatMap(audience ->
                        plays.sharedBy(audience.watching(), since, MAX_RECENT).collectList())
                .flatMap(rows -> {
                    Mono<Map<Snowflake, PartialUser>> named = withUsers
                            ? users.findAll(rows.stream()
                                            .map(PlayStore.Statistics::userId)
                                            .toList())
                                    .collectMap(PartialUser::id)
                            : Mono.just(Map.of());
                    Mono<Map<Snowflake, JsonNode>> games = withApplications
                            ? applications.partials(rows.stream()
                                    .map(PlayStore.Statistics::applicationId)
                                    .toList())
                            : Mono.just(Map.of());
                    return Mono.zip(named, games).flatMap(found -> ServerResponse.ok()
                            .bodyValue(rows.stream()
                                    .map(row -> recentItem(row, found.getT1(), found.getT2()))
                                    .toList()));
                });
    }

    /** One game a user shared lately, with the user and the game when they were asked for (found). */
    private static Map<String, Object> recentItem(
            PlayStore.Statistics row, Map<Snowflake, PartialUser> users, Map<Snowflake, JsonNode> games) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("user_id", row.userId().asString());
        PartialUser user = users.get(row.userId());
        if (user != null) {
            item.put("user", user);
        }
        item.put("application_id", row.applicationId().asString());
        JsonNode game = games.get(row.applicationId());
        if (game != null) {
            item.put("application", game);
        }
        item.put("updated_at", row.lastSharedAt());
        item.put("duration", row.sharedDuration());
        return item;
    }

    /** {@code GET /activities/statistics/applications/{application.id}}: who of the caller's friends and affine users played it. */
    Mono<ServerResponse> ofApplication(ServerRequest request) {
        Principal caller = PresenceAccess.personOrScope(request, PresenceAccess.READ);
        Snowflake application = PathIds.snowflake(request, "application_id");
        return audiences
                .of(caller.userId())
                .flatMap(audience -> plays.sharedOf(application, audience.watching())
                        .map(row -> {
                            Map<String, Object> item = new LinkedHashMap<>();
                            item.put("user_id", row.userId().asString());
                            item.put("last_played_at", row.lastSharedAt());
                            item.put("total_duration", row.sharedDuration());
                            return item;
                        })
                        .collectList())
                .flatMap(items -> ServerResponse.ok().bodyValue(items));
    }
}
