package dev.concord.webhook.webhooks;

import dev.concord.platform.ids.Snowflake;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The {@code webhooks} table; each method is one statement. */
@Component
final class WebhookStore {

    private final DatabaseClient db;

    WebhookStore(DatabaseClient db) {
        this.db = db;
    }

    /** How many webhooks a guild has, and how many of them are in one of its channels. */
    record Counts(long inGuild, long inChannel) {}

    /**
     * Serializes the changes to one guild's webhooks until the transaction ends, so two creations (or
     * moves) cannot both pass the count below a limit.
     */
    Mono<Void> lockGuild(Snowflake guildId) {
        return db.sql("SELECT pg_advisory_xact_lock(:guild)")
                .bind("guild", guildId.value())
                .then();
    }

    Mono<Counts> counts(Snowflake guildId, Snowflake channelId) {
        return db.sql("""
                        SELECT count(*) AS in_guild, count(*) FILTER (WHERE channel_id = :channel) AS in_channel
                        FROM webhooks WHERE guild_id = :guild""")
                .bind("guild", guildId.value())
                .bind("channel", channelId.value())
                .map(row -> new Counts(
                        Objects.requireNonNull(row.get("in_guild", Long.class)),
                        Objects.requireNonNull(row.get("in_channel", Long.class))))
                .one();
    }

    Mono<Void> insert(WebhookRow webhook) {
        DatabaseClient.GenericExecuteSpec insert = db.sql("""
                        INSERT INTO webhooks (id, type, guild_id, channel_id, creator_id, application_id, name, avatar, token,
                                              source_guild_id, source_guild_name, source_guild_icon, source_channel_id,
                                              source_channel_name)
                        VALUES (:id, :type, :guild, :channel, :creator, :application, :name, :avatar, :token,
                                :source_guild, :source_guild_name, :source_guild_icon, :source_channel,
                                :source_channel_name)""")
                .bind("id", webhook.id().value())
                .bind("type", (short) webhook.type())
                .bind("guild", webhook.guildId().value())
                .bind("channel", webhook.channelId().value())
                .bind("name", webhook.name());
        insert = bindId(insert, "creator", webhook.creatorId());
        insert = bindId(insert, "application", webhook.applicationId());
        insert = bindText(insert, "avatar", webhook.avatar());
        WebhookRow.Source source = webhook.source();
        insert = bindId(insert, "source_guild", source == null ? null : source.guildId());
        insert = bindText(insert, "source_guild_name", source == null ? null : source.guildName());
        insert = bindText(insert, "source_guild_icon", source == null ? null : source.guildIcon());
        insert = bindId(insert, "source_channel", source == null ? null : source.channelId());
        insert = bindText(insert, "source_channel_name", source == null ? null : source.channelName());
        return bindText(insert, "token", webhook.token()).then();
    }

    Mono<WebhookRow> find(Snowflake id) {
        return db.sql("SELECT * FROM webhooks WHERE id = :id")
                .bind("id", id.value())
                .map((row, meta) -> WebhookRow.read(row))
                .one();
    }

    Flux<WebhookRow> inChannel(Snowflake channelId) {
        return db.sql("SELECT * FROM webhooks WHERE channel_id = :channel ORDER BY id")
                .bind("channel", channelId.value())
                .map((row, meta) -> WebhookRow.read(row))
                .all();
    }

    Flux<WebhookRow> inGuild(Snowflake guildId) {
        return db.sql("SELECT * FROM webhooks WHERE guild_id = :guild ORDER BY id")
                .bind("guild", guildId.value())
                .map((row, meta) -> WebhookRow.read(row))
                .all();
    }

    /** The webhooks following an announcement channel, wherever they post. */
    Flux<WebhookRow> following(Snowflake sourceChannelId) {
        return db.sql("SELECT * FROM webhooks WHERE source_channel_id = :channel ORDER BY id")
                .bind("channel", sourceChannelId.value())
                .map((row, meta) -> WebhookRow.read(row))
                .all();
    }

    /** Writes the name, avatar and channel of {@code changed}; empty when the webhook is gone. */
    Mono<WebhookRow> update(WebhookRow changed) {
        return bindText(
                        db.sql("""
                                UPDATE webhooks SET name = :name, avatar = :avatar, channel_id = :channel
                                WHERE id = :id RETURNING *""")
                                .bind("id", changed.id().value())
                                .bind("name", changed.name())
                                .bind("channel", changed.channelId().value()),
                        "avatar",
                        changed.avatar())
                .map((row, meta) -> WebhookRow.read(row))
                .one();
    }

    /** Deletes the webhook; empty when it was already gone. */
    Mono<WebhookRow> delete(Snowflake id) {
        return db.sql("DELETE FROM webhooks WHERE id = :id RETURNING *")
                .bind("id", id.value())
                .map((row, meta) -> WebhookRow.read(row))
                .one();
    }

    /** The webhooks of a deleted channel go with it. */
    Flux<WebhookRow> deleteInChannel(Snowflake channelId) {
        return db.sql("DELETE FROM webhooks WHERE channel_id = :channel RETURNING *")
                .bind("channel", channelId.value())
                .map((row, meta) -> WebhookRow.read(row))
                .all();
    }

    /** An application's webhooks in a guild go when the application's integration is removed from it. */
    Flux<WebhookRow> deleteOfApplication(Snowflake guildId, Snowflake applicationId) {
        return db.sql("DELETE FROM webhooks WHERE guild_id = :guild AND application_id = :application RETURNING *")
                .bind("guild", guildId.value())
                .bind("application", applicationId.value())
                .map((row, meta) -> WebhookRow.read(row))
                .all();
    }

    private static DatabaseClient.GenericExecuteSpec bindId(
            DatabaseClient.GenericExecuteSpec spec, String name, @Nullable Snowflake id) {
        return id == null ? spec.bindNull(name, Long.class) : spec.bind(name, id.value());
    }

    private static DatabaseClient.GenericExecuteSpec bindText(
            DatabaseClient.GenericExecuteSpec spec, String name, @Nullable String text) {
        return text == null ? spec.bindNull(name, String.class) : spec.bind(name, text);
    }
}
