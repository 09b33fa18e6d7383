package dev.concord.social.settings;

import dev.concord.platform.ids.Snowflake;
import java.util.Arrays;
import java.util.List;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The guilds whose members may not DM a user ({@code restricted_guilds} of their settings), for the
 * checks other services make before delivering a direct message. Read from the stored document alone.
 */
@Component
public final class RestrictedGuilds {

    private final DatabaseClient db;

    RestrictedGuilds(DatabaseClient db) {
        this.db = db;
    }

    /** The user's restricted guilds; none for a user who never set any. */
    public Mono<List<Snowflake>> of(Snowflake userId) {
        return db.sql("""
                        SELECT coalesce(array_agg(value), '{}') AS ids
                        FROM user_settings, jsonb_array_elements_text(settings -> 'restricted_guilds')
                        WHERE user_id = :user""")
                .bind("user", userId.value())
                .map(row -> row.get("ids", String[].class))
                .one()
                .map(ids -> Arrays.stream(ids).map(Snowflake::parse).toList())
                .defaultIfEmpty(List.of());
    }
}
