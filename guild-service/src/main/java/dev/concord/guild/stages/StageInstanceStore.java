package dev.concord.guild.stages;

import dev.concord.platform.ids.Snowflake;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The {@code stage_instances} table; each method is one statement. */
@Component
final class StageInstanceStore {

    private final DatabaseClient db;

    StageInstanceStore(DatabaseClient db) {
        this.db = db;
    }

    Mono<StageInstanceRow> insert(StageInstanceRow stage, Instant now) {
        DatabaseClient.GenericExecuteSpec insert = db.sql("""
                        INSERT INTO stage_instances (id, guild_id, channel_id, topic, privacy_level, invite_code,
                                                     guild_scheduled_event_id, start_notification, created_at,
                                                     speaker_seen_at)
                        VALUES (:id, :guild, :channel, :topic, :privacy, :invite, :event, :notify, :now, :now)
                        RETURNING *""")
                .bind("id", stage.id().value())
                .bind("guild", stage.guildId().value())
                .bind("channel", stage.channelId().value())
                .bind("topic", stage.topic())
                .bind("privacy", stage.privacyLevel())
                .bind("notify", stage.startNotification())
                .bind("now", now.atOffset(ZoneOffset.UTC));
        insert = stage.inviteCode() == null
                ? insert.bindNull("invite", String.class)
                : insert.bind("invite", stage.inviteCode());
        insert = stage.guildScheduledEventId() == null
                ? insert.bindNull("event", Long.class)
                : insert.bind("event", stage.guildScheduledEventId().value());
        return insert.map(StageInstanceRow::read).one();
    }

    Mono<StageInstanceRow> update(StageInstanceRow stage) {
        DatabaseClient.GenericExecuteSpec update = db.sql("""
                        UPDATE stage_instances SET topic = :topic, privacy_level = :privacy, invite_code = :invite
                        WHERE id = :id RETURNING *""")
                .bind("id", stage.id().value())
                .bind("topic", stage.topic())
                .bind("privacy", stage.privacyLevel());
        update = stage.inviteCode() == null
                ? update.bindNull("invite", String.class)
                : update.bind("invite", stage.inviteCode());
        return update.map(StageInstanceRow::read).one();
    }

    Mono<StageInstanceRow> ofChannel(Snowflake channelId) {
        return db.sql("SELECT * FROM stage_instances WHERE channel_id = :channel")
                .bind("channel", channelId.value())
                .map(StageInstanceRow::read)
                .one();
    }

    /** The live stages of these guilds. */
    Flux<StageInstanceRow> ofGuilds(List<Snowflake> guildIds) {
        return db.sql("SELECT * FROM stage_instances WHERE guild_id = ANY(:guilds) ORDER BY id")
                .bind("guilds", guildIds.stream().map(Snowflake::value).toArray(Long[]::new))
                .map(StageInstanceRow::read)
                .all();
    }

    /** Notes that the channel's stage had a speaker at {@code now}. */
    Mono<Void> speakerSeen(Snowflake channelId, Instant now) {
        return db.sql("UPDATE stage_instances SET speaker_seen_at = :now WHERE channel_id = :channel")
                .bind("channel", channelId.value())
                .bind("now", now.atOffset(ZoneOffset.UTC))
                .then();
    }

    /** Claims stages without a speaker seen since {@code cutoff} (rows another instance holds are skipped). */
    Flux<StageInstanceRow> claimQuiet(Instant cutoff, int limit) {
        return db.sql("""
                        SELECT * FROM stage_instances WHERE speaker_seen_at <= :cutoff
                        ORDER BY speaker_seen_at LIMIT :limit FOR UPDATE SKIP LOCKED""")
                .bind("cutoff", cutoff.atOffset(ZoneOffset.UTC))
                .bind("limit", limit)
                .map(StageInstanceRow::read)
                .all();
    }

    /** Deletes the channel's stage instance; answers it as it was. */
    Mono<StageInstanceRow> deleteOfChannel(Snowflake channelId) {
        return db.sql("DELETE FROM stage_instances WHERE channel_id = :channel RETURNING *")
                .bind("channel", channelId.value())
                .map(StageInstanceRow::read)
                .one();
    }
}
