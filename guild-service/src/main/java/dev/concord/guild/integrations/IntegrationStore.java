package dev.concord.guild.integrations;

import dev.concord.platform.ids.Snowflake;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/** The {@code integrations} table; each method is one statement. */
@Component
final class IntegrationStore {

    /** The platform's type for an application's integration. */
    static final String APPLICATION_TYPE = "discord";

    private final DatabaseClient db;
    private final JsonMapper mapper;

    IntegrationStore(DatabaseClient db, JsonMapper mapper) {
        this.db = db;
        this.mapper = mapper;
    }

    /**
     * The application's integration in the guild, made or (authorized again) brought up to date with the
     * application's name and the scopes now granted.
     */
    Mono<IntegrationRow> putApplication(Snowflake newId, Snowflake guildId, BotJoinRequest request) {
        BotJoinRequest.IntegrationApplication app = Objects.requireNonNull(request.application());
        Map<String, Object> application = new LinkedHashMap<>();
        application.put("id", String.valueOf(app.id()));
        application.put("name", app.name());
        application.put("icon", app.icon());
        application.put("description", app.description() == null ? "" : app.description());
        application.put("bot_id", String.valueOf(app.botId()));
        return db.sql("""
                        INSERT INTO integrations (id, guild_id, type, name, account_id, account_name, application_id,
                                                  application, scopes, user_id)
                        VALUES (:id, :guild, :type, :name, :account, :name, :application_id, :application::jsonb,
                                :scopes, :user)
                        ON CONFLICT (guild_id, application_id) WHERE application_id IS NOT NULL DO UPDATE
                        SET name = EXCLUDED.name, account_name = EXCLUDED.account_name,
                            application = EXCLUDED.application, scopes = EXCLUDED.scopes,
                            user_id = EXCLUDED.user_id, enabled = true
                        RETURNING *, (xmax = 0) AS inserted""")
                .bind("id", newId.value())
                .bind("guild", guildId.value())
                .bind("type", APPLICATION_TYPE)
                .bind("name", String.valueOf(app.name()))
                .bind("account", String.valueOf(app.id()))
                .bind("application_id", Objects.requireNonNull(app.id()).value())
                .bind("application", mapper.writeValueAsString(application))
                .bind("scopes", Objects.requireNonNull(request.scopes()).toArray(String[]::new))
                .bind("user", Objects.requireNonNull(request.userId()).value())
                .map(row -> IntegrationRow.read(row, mapper))
                .one();
    }

    /** Deletes the application's integrations, answering them as they were. */
    Flux<IntegrationRow> deleteApplication(Snowflake applicationId) {
        return db.sql("DELETE FROM integrations WHERE application_id = :application RETURNING *, false AS inserted")
                .bind("application", applicationId.value())
                .map(row -> IntegrationRow.read(row, mapper))
                .all();
    }
}
