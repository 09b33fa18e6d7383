package dev.concord.guild.privatechannels;

import dev.concord.platform.ids.Snowflake;
import io.r2dbc.spi.Readable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The private channel tables; each method is one statement. */
@Component
public final class PrivateChannelStore {

    private static final String SELECT = """
            SELECT c.id, c.type, c.owner_id, c.name, c.icon,
                   (SELECT array_agg(r.user_id ORDER BY r.user_id) FROM private_channel_recipients r
                    WHERE r.channel_id = c.id) AS recipient_ids
            FROM private_channels c
            """;

    private final DatabaseClient db;

    PrivateChannelStore(DatabaseClient db) {
        this.db = db;
    }

    /** The private channel with this id, with its recipients. */
    public Mono<PrivateChannelRow> find(Snowflake channelId) {
        return db.sql(SELECT + " WHERE c.id = :id")
                .bind("id", channelId.value())
                .map(PrivateChannelStore::read)
                .one();
    }

    /** The user's private channels that they have not closed, newest first. */
    Flux<PrivateChannelRow> of(Snowflake userId) {
        return db.sql(SELECT + """
                         WHERE c.id IN (SELECT channel_id FROM private_channel_recipients
                                        WHERE user_id = :user AND NOT closed)
                        ORDER BY c.id DESC""")
                .bind("user", userId.value())
                .map(PrivateChannelStore::read)
                .all();
    }

    /** The DM between the two users, if they have one. */
    Mono<PrivateChannelRow> findDm(Snowflake one, Snowflake other) {
        return db.sql(SELECT + """
                         WHERE c.id = (SELECT channel_id FROM direct_message_pairs
                                       WHERE low_user_id = :low AND high_user_id = :high)""")
                .bind("low", Math.min(one.value(), other.value()))
                .bind("high", Math.max(one.value(), other.value()))
                .map(PrivateChannelStore::read)
                .one();
    }

    /**
     * Makes the DM between the two users, or nothing when another request made it first (the pair's key
     * decides): true when this call made it.
     */
    Mono<Boolean> insertDm(Snowflake channelId, Snowflake one, Snowflake other) {
        return db.sql("""
                        WITH pair AS (
                            INSERT INTO direct_message_pairs (low_user_id, high_user_id, channel_id)
                            VALUES (:low, :high, :id)
                            ON CONFLICT DO NOTHING
                            RETURNING channel_id),
                        channel AS (
                            INSERT INTO private_channels (id, type) SELECT channel_id, 1 FROM pair RETURNING id)
                        INSERT INTO private_channel_recipients (channel_id, user_id)
                        SELECT id, unnest(ARRAY[:low, :high]::bigint[]) FROM channel
                        RETURNING channel_id""")
                .bind("id", channelId.value())
                .bind("low", Math.min(one.value(), other.value()))
                .bind("high", Math.max(one.value(), other.value()))
                .fetch()
                .all()
                .hasElements();
    }

    /** Makes a group DM of its owner and the others. */
    Mono<Void> insertGroup(Snowflake channelId, Snowflake owner, List<Snowflake> others) {
        List<Long> everyone = new ArrayList<>();
        everyone.add(owner.value());
        others.forEach(other -> everyone.add(other.value()));
        return db.sql("""
                        WITH channel AS (
                            INSERT INTO private_channels (id, type, owner_id) VALUES (:id, 3, :owner) RETURNING id)
                        INSERT INTO private_channel_recipients (channel_id, user_id)
                        SELECT id, unnest(:everyone::bigint[]) FROM channel""")
                .bind("id", channelId.value())
                .bind("owner", owner.value())
                .bind("everyone", everyone.toArray(Long[]::new))
                .then();
    }

    /**
     * The private channel with this id, locked until the transaction ends: changes to one group's
     * recipients take their turn, so each sees the others' outcome (its size, its owner); so do changes to
     * its integrations, whose events go to the recipients it has then.
     */
    public Mono<PrivateChannelRow> lock(Snowflake channelId) {
        return db.sql(SELECT + " WHERE c.id = :id FOR UPDATE OF c")
                .bind("id", channelId.value())
                .map(PrivateChannelStore::read)
                .one();
    }

    Mono<Void> addRecipient(Snowflake channelId, Snowflake userId) {
        return db.sql("""
                        INSERT INTO private_channel_recipients (channel_id, user_id) VALUES (:id, :user)
                        ON CONFLICT DO NOTHING""")
                .bind("id", channelId.value())
                .bind("user", userId.value())
                .then();
    }

    /** Closes the DM for one of its recipients: false when they had closed it already. */
    Mono<Boolean> close(Snowflake channelId, Snowflake userId) {
        return db.sql("""
                        UPDATE private_channel_recipients SET closed = true
                        WHERE channel_id = :id AND user_id = :user AND NOT closed""")
                .bind("id", channelId.value())
                .bind("user", userId.value())
                .fetch()
                .rowsUpdated()
                .map(updated -> updated > 0);
    }

    /** Opens the DM again for every recipient who had closed it: those who had. */
    Flux<Snowflake> reopen(Snowflake channelId) {
        return db.sql("""
                        UPDATE private_channel_recipients SET closed = false WHERE channel_id = :id AND closed
                        RETURNING user_id""")
                .bind("id", channelId.value())
                .map(row -> Snowflake.of(Objects.requireNonNull(row.get("user_id", Long.class))))
                .all();
    }

    /** Opens the DM again for one recipient: false when they had not closed it. */
    Mono<Boolean> reopen(Snowflake channelId, Snowflake userId) {
        return db.sql("""
                        UPDATE private_channel_recipients SET closed = false
                        WHERE channel_id = :id AND user_id = :user AND closed""")
                .bind("id", channelId.value())
                .bind("user", userId.value())
                .fetch()
                .rowsUpdated()
                .map(updated -> updated > 0);
    }

    /** Takes a recipient out: false when they were not in it. */
    Mono<Boolean> removeRecipient(Snowflake channelId, Snowflake userId) {
        return db.sql("DELETE FROM private_channel_recipients WHERE channel_id = :id AND user_id = :user")
                .bind("id", channelId.value())
                .bind("user", userId.value())
                .fetch()
                .rowsUpdated()
                .map(deleted -> deleted > 0);
    }

    Mono<Void> setOwner(Snowflake channelId, Snowflake ownerId) {
        return db.sql("UPDATE private_channels SET owner_id = :owner WHERE id = :id")
                .bind("id", channelId.value())
                .bind("owner", ownerId.value())
                .then();
    }

    /** The channel and, by cascade, what is left of its recipients. */
    Mono<Void> delete(Snowflake channelId) {
        return db.sql("DELETE FROM private_channels WHERE id = :id")
                .bind("id", channelId.value())
                .then();
    }

    private static PrivateChannelRow read(Readable row) {
        Long owner = row.get("owner_id", Long.class);
        Long[] recipients = row.get("recipient_ids", Long[].class);
        return new PrivateChannelRow(
                Snowflake.of(Objects.requireNonNull(row.get("id", Long.class))),
                Objects.requireNonNull(row.get("type", Number.class)).intValue(),
                owner == null ? null : Snowflake.of(owner),
                row.get("name", String.class),
                row.get("icon", String.class),
                recipients == null
                        ? List.of()
                        : Arrays.stream(recipients).map(Snowflake::of).toList());
    }
}
