package dev.concord.social.relationships;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.PathIds;
import java.util.Arrays;
import java.util.Map;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * {@code GET /internal/users/{user.id}/stream-audience} (docs/internal-api.md): whom a user's going live
 * may notify, {@code {"user_ids"}} — their friends who keep stream notifications on (the setting
 * {@code stream_notifications_enabled}, on unless they turned it off) and have not blocked them.
 * guild-service narrows it to the stream's guild.
 */
@Configuration(proxyBeanMethods = false)
class StreamAudience {

    private static final String FRIENDS_NOTIFIED = """
            SELECT coalesce(array_agg(r.target_id::text ORDER BY r.target_id), '{}') AS ids FROM relationships r
            LEFT JOIN user_settings s ON s.user_id = r.target_id
            WHERE r.user_id = :user AND r.type = 1
              AND coalesce((s.settings ->> 'stream_notifications_enabled')::boolean, true)
              AND NOT EXISTS (
                SELECT 1 FROM relationships b WHERE b.user_id = r.target_id AND b.target_id = :user AND b.type = 2)""";

    @Bean
    RouterFunction<ServerResponse> streamAudienceRouter(DatabaseClient db) {
        return RouterFunctions.route()
                .GET("/internal/users/{user_id}/stream-audience", request -> {
                    Snowflake user = PathIds.snowflake(request, "user_id");
                    return db.sql(FRIENDS_NOTIFIED)
                            .bind("user", user.value())
                            .map(row -> Arrays.asList(row.get("ids", String[].class)))
                            .one()
                            .flatMap(ids -> ServerResponse.ok().bodyValue(Map.of("user_ids", ids)));
                })
                .build();
    }
}
