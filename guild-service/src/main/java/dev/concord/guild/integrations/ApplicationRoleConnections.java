package dev.concord.guild.integrations;

import dev.concord.platform.ids.Snowflake;
import io.r2dbc.postgresql.codec.Json;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The role connection metadata applications declare, as identity.events last announced it (kept in
 * {@code application_owners} by the emoji package's replica): one read for a whole list of integrations.
 */
@Component
class ApplicationRoleConnections {

    private final DatabaseClient db;
    private final JsonMapper mapper;

    ApplicationRoleConnections(DatabaseClient db, JsonMapper mapper) {
        this.db = db;
        this.mapper = mapper;
    }

    /** Each known application's list; an application not (yet) known is absent. */
    Mono<Map<Snowflake, JsonNode>> of(Collection<Snowflake> applicationIds) {
        if (applicationIds.isEmpty()) {
            return Mono.just(Map.of());
        }
        return db.sql("SELECT id, role_connections_metadata FROM application_owners WHERE id = ANY(:ids)")
                .bind("ids", applicationIds.stream().map(Snowflake::value).toArray(Long[]::new))
                .map(row -> Map.entry(
                        Snowflake.of(row.get("id", Long.class)),
                        mapper.readTree(
                                row.get("role_connections_metadata", Json.class).asString())))
                .all()
                .collectMap(Map.Entry::getKey, Map.Entry::getValue, HashMap::new);
    }
}
