package dev.concord.guild.integrations;

import dev.concord.platform.ids.Snowflake;
import java.util.Objects;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/** The {@code private_channel_integrations} table; each method is one statement. */
@Component
final class GroupDmIntegrationStore {

    private final DatabaseClient db;
    private final JsonMapper mapper;

    GroupDmIntegrationStore(DatabaseClient db, JsonMapper mapper) {
        this.db = db;
        this.mapper = mapper;
    }

    /**
     * The application's integration in the group DM, made or (authorized again) brought up to date with the
     * application as sent now, the scopes now granted and who granted them.
     */
    Mono<GroupDmIntegrationRow> put(Snowflake newId, Snowflake channelId, GroupDmIntegrationRequest request) {
        BotJoinRequest.IntegrationApplication app = Objects.requireNonNull(request.application());
        return db.sql("""
                        INSERT INTO private_channel_integrations (id, channel_id, application_id, application, scopes, user_id)
                        VALUES (:id, :channel, :application_id, :application::jsonb, :scopes, :user)
                        ON CONFLICT (channel_id, application_id) DO UPDATE
                        SET application = EXCLUDED.application, scopes = EXCLUDED.scopes, user_id = EXCLUDED.user_id
                        RETURNING *, (xmax = 0) AS inserted""")
                .bind("id", newId.value())
                .bind("channel", channelId.value())
                .bind("application_id", Objects.requireNonNull(app.id()).value())
                .bind("application", mapper.writeValueAsString(IntegrationApplications.stored(app)))
                .bind("scopes", Objects.requireNonNull(request.scopes()).toArray(String[]::new))
                .bind("user", Objects.requireNonNull(request.userId()).value())
                .map(row -> GroupDmIntegrationRow.read(row, mapper))
                .one();
    }

    /** The group DM's integrations, oldest first. */
    Flux<GroupDmIntegrationRow> list(Snowflake channelId) {
        return db.sql("SELECT *, false AS inserted FROM private_channel_integrations WHERE channel_id = :channel"
                        + " ORDER BY id")
                .bind("channel", channelId.value())
                .map(row -> GroupDmIntegrationRow.read(row, mapper))
                .all();
    }

    /** The group DMs the application was added to. */
    Flux<Snowflake> channelsOf(Snowflake applicationId) {
        return db.sql("SELECT channel_id FROM private_channel_integrations WHERE application_id = :application")
                .bind("application", applicationId.value())
                .map(row -> Snowflake.of(Objects.requireNonNull(row.get("channel_id", Long.class))))
                .all();
    }

    /** Deletes the application's integration in the group DM, answering it as it was; empty when it has none. */
    Mono<GroupDmIntegrationRow> deleteApplication(Snowflake channelId, Snowflake applicationId) {
        return db.sql("DELETE FROM private_channel_integrations WHERE channel_id = :channel"
                        + " AND application_id = :application RETURNING *, false AS inserted")
                .bind("channel", channelId.value())
                .bind("application", applicationId.value())
                .map(row -> GroupDmIntegrationRow.read(row, mapper))
                .one();
    }

    /** Deletes the group DM's integration, answering it as it was; empty when the channel has no such one. */
    Mono<GroupDmIntegrationRow> delete(Snowflake channelId, Snowflake id) {
        return db.sql("DELETE FROM private_channel_integrations WHERE channel_id = :channel AND id = :id"
                        + " RETURNING *, false AS inserted")
                .bind("channel", channelId.value())
                .bind("id", id.value())
                .map(row -> GroupDmIntegrationRow.read(row, mapper))
                .one();
    }
}
