package dev.concord.social.relationships;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.PathIds;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * {@code GET /internal/users/{user.id}/presence-audience} (docs/internal-api.md): what presence-service
 * needs to fan a user's presence out and to show them others' — who sees their overall presence
 * ({@code watchers}: those with them as a friend or implicit relationship, unless the user blocked them),
 * whose they see ({@code watching}: their own friends and implicit relationships, unless those blocked
 * them), and the settings that shape it ({@code status}, {@code show_current_game},
 * {@code activity_restricted_guild_ids}), with the platform's defaults for a user who never set them.
 */
@Configuration(proxyBeanMethods = false)
class PresenceAudience {

    private static final String WATCHERS = """
            SELECT coalesce(array_agg(r.user_id::text), '{}') AS ids FROM relationships r
            WHERE r.target_id = :user AND r.type IN (1, 5)
              AND NOT EXISTS (
                SELECT 1 FROM relationships b WHERE b.user_id = :user AND b.target_id = r.user_id AND b.type = 2)""";
    private static final String WATCHING = """
            SELECT coalesce(array_agg(r.target_id::text), '{}') AS ids FROM relationships r
            WHERE r.user_id = :user AND r.type IN (1, 5)
              AND NOT EXISTS (
                SELECT 1 FROM relationships b WHERE b.user_id = r.target_id AND b.target_id = :user AND b.type = 2)""";
    private static final String FRIENDS = """
            SELECT coalesce(array_agg(target_id::text), '{}') AS ids FROM relationships
            WHERE user_id = :user AND type = 1""";
    private static final String SETTINGS = """
            SELECT coalesce(settings ->> 'status', 'online') AS status,
                   coalesce((settings ->> 'show_current_game')::boolean, true) AS show_current_game,
                   ARRAY(SELECT jsonb_array_elements_text(
                       coalesce(settings -> 'activity_restricted_guild_ids', '[]'::jsonb))) AS restricted
            FROM user_settings WHERE user_id = :user""";

    @Bean
    RouterFunction<ServerResponse> presenceAudienceRouter(DatabaseClient db) {
        return RouterFunctions.route()
                .GET("/internal/users/{user_id}/presence-audience", request -> {
                    Snowflake user = PathIds.snowflake(request, "user_id");
                    Mono<List<String>> watchers = ids(db, WATCHERS, user);
                    Mono<List<String>> watching = ids(db, WATCHING, user);
                    Mono<List<String>> friends = ids(db, FRIENDS, user);
                    Mono<Map<String, Object>> settings = db.sql(SETTINGS)
                            .bind("user", user.value())
                            .map(row -> {
                                Map<String, Object> found = new LinkedHashMap<>();
                                found.put("status", row.get("status", String.class));
                                found.put("show_current_game", row.get("show_current_game", Boolean.class));
                                found.put(
                                        "activity_restricted_guild_ids",
                                        Arrays.asList(row.get("restricted", String[].class)));
                                return found;
                            })
                            .one()
                            .defaultIfEmpty(Map.of(
                                    "status",
                                    "online",
                                    "show_current_game",
                                    true,
                                    "activity_restricted_guild_ids",
                                    List.of()));
                    return Mono.zip(watchers, watching, friends, settings).flatMap(found -> {
                        Map<String, Object> body = new LinkedHashMap<>();
                        body.put("watchers", found.getT1());
                        body.put("watching", found.getT2());
                        body.put("friends", found.getT3());
                        body.put("status", found.getT4().get("status"));
                        body.put("show_current_game", found.getT4().get("show_current_game"));
                        body.put("activity_restricted_guild_ids", found.getT4().get("activity_restricted_guild_ids"));
                        return ServerResponse.ok().bodyValue(body);
                    });
                })
                .build();
    }

    private static Mono<List<String>> ids(DatabaseClient db, String sql, Snowflake user) {
        return db.sql(sql)
                .bind("user", user.value())
                .map(row -> Arrays.asList(row.get("ids", String[].class)))
                .one();
    }
}
