package dev.concord.social.family;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** The {@code family_links} and {@code family_link_codes} tables. Writes are meant to run in one transaction. */
@Component
final class LinkStore {

    private static final String LINK_COLUMNS = "l.requestor_id, l.user_id, l.link_status, l.created_at, l.updated_at";

    private final DatabaseClient db;
    private final UserDirectory users;

    LinkStore(DatabaseClient db, UserDirectory users) {
        this.db = db;
        this.users = users;
    }

    /** A stored code: its hash and end of validity. */
    record StoredCode(byte[] hash, Instant expiresAt) {}

    /** A link with the partial user of its other party; none while the replica does not know them yet. */
    record LinkWithUser(Link link, PartialUser other) {}

    /** What decides whether a new request between two users may be made. */
    record RequestFacts(
            long activeOfRequestor, boolean pairActive, boolean requestorIsLinkedUser, boolean recipientIsRequestor) {}

    /** Replaces the user's code: a new QR code makes the previous one useless. */
    Mono<Void> saveCode(Snowflake userId, byte[] hash, Instant expiresAt) {
        return db.sql("""
                        INSERT INTO family_link_codes (user_id, code_hash, expires_at) VALUES (:user, :hash, :expires)
                        ON CONFLICT (user_id) DO UPDATE SET code_hash = excluded.code_hash, expires_at = excluded.expires_at""")
                .bind("user", userId.value())
                .bind("hash", hash)
                .bind("expires", utc(expiresAt))
                .then();
    }

    /** The user's code, locked until the transaction ends so that it is consumed once. */
    Mono<StoredCode> findCodeForUpdate(Snowflake userId) {
        return db.sql("SELECT code_hash, expires_at FROM family_link_codes WHERE user_id = :user FOR UPDATE")
                .bind("user", userId.value())
                .map(row -> new StoredCode(
                        bytes(row.get("code_hash")),
                        row.get("expires_at", OffsetDateTime.class).toInstant()))
                .one();
    }

    Mono<Void> deleteCode(Snowflake userId) {
        return db.sql("DELETE FROM family_link_codes WHERE user_id = :user")
                .bind("user", userId.value())
                .then();
    }

    /**
     * Serialises changes touching either user until the transaction ends, so two requests cannot both pass
     * the limit of 8 or both create a link between the same users. Locked in id order: no deadlock.
     */
    Mono<Void> lockUsers(Snowflake a, Snowflake b) {
        Snowflake first = a.compareTo(b) <= 0 ? a : b;
        Snowflake second = first == a ? b : a;
        return db.sql("""
                        SELECT pg_advisory_xact_lock(hashtextextended('family-center:' || :first, 0)),
                               pg_advisory_xact_lock(hashtextextended('family-center:' || :second, 0))""")
                .bind("first", first.asString())
                .bind("second", second.asString())
                .then();
    }

    Mono<RequestFacts> requestFacts(Snowflake requestor, Snowflake recipient) {
        return db.sql("""
                        SELECT count(*) FILTER (WHERE requestor_id = :requestor) AS active_of_requestor,
                               bool_or((requestor_id = :requestor AND user_id = :recipient)
                                    OR (requestor_id = :recipient AND user_id = :requestor)) AS pair_active,
                               bool_or(user_id = :requestor) AS requestor_is_linked_user,
                               bool_or(requestor_id = :recipient) AS recipient_is_requestor
                        FROM family_links
                        WHERE link_status IN (1, 2) AND (requestor_id IN (:requestor, :recipient) OR user_id IN (:requestor, :recipient))""")
                .bind("requestor", requestor.value())
                .bind("recipient", recipient.value())
                .map(row -> new RequestFacts(
                        row.get("active_of_requestor", Long.class),
                        flag(row, "pair_active"),
                        flag(row, "requestor_is_linked_user"),
                        flag(row, "recipient_is_requestor")))
                .one();
    }

    /** A new request; one between the same two users that was rejected or disconnected starts over. */
    Mono<Void> saveRequest(Snowflake requestor, Snowflake recipient, Instant now) {
        return db.sql("""
                        INSERT INTO family_links (requestor_id, user_id, link_status, created_at, updated_at)
                        VALUES (:requestor, :recipient, 1, :now, :now)
                        ON CONFLICT (requestor_id, user_id) DO UPDATE
                        SET link_status = 1, created_at = excluded.created_at, updated_at = excluded.updated_at""")
                .bind("requestor", requestor.value())
                .bind("recipient", recipient.value())
                .bind("now", utc(now))
                .then();
    }

    /** The pending or connected link between two users, in whichever direction, locked for the transaction. */
    Mono<Link> findActiveBetweenForUpdate(Snowflake me, Snowflake other) {
        return db.sql("SELECT " + LINK_COLUMNS + """
                         FROM family_links l
                        WHERE ((l.requestor_id = :me AND l.user_id = :other) OR (l.requestor_id = :other AND l.user_id = :me))
                          AND l.link_status IN (1, 2)
                        FOR UPDATE""")
                .bind("me", me.value())
                .bind("other", other.value())
                .map(LinkStore::link)
                .one();
    }

    Mono<Void> updateStatus(Link link, LinkStatus status, Instant now) {
        return db.sql(
                        "UPDATE family_links SET link_status = :status, updated_at = :now WHERE requestor_id = :requestor AND user_id = :user")
                .bind("status", (short) status.value)
                .bind("now", utc(now))
                .bind("requestor", link.requestorId().value())
                .bind("user", link.userId().value())
                .then();
    }

    /** Deletes the teen's recorded activity if they no longer have a connected link. */
    Mono<Void> forgetActivityUnlessConnected(Snowflake teen) {
        return db.sql("""
                        DELETE FROM family_actions
                        WHERE user_id = :teen AND NOT EXISTS (SELECT 1 FROM family_links WHERE user_id = :teen AND link_status = 2)""").bind("teen", teen.value()).then();
    }

    /**
     * Every link of {@code me}, in either role, oldest request first, with the other party: one query, and
     * one lookup of the parties the replica has not heard of yet ({@link UserDirectory#complete}).
     */
    Mono<List<LinkWithUser>> linksOf(Snowflake me) {
        return db.sql("SELECT " + LINK_COLUMNS + """
                        , u.id AS u_id, u.username, u.discriminator, u.global_name, u.avatar, u.public_flags, u.bot
                        FROM family_links l
                        LEFT JOIN user_replica u ON u.id = CASE WHEN l.requestor_id = :me THEN l.user_id ELSE l.requestor_id END
                        WHERE l.requestor_id = :me OR l.user_id = :me
                        ORDER BY l.created_at, l.requestor_id, l.user_id""")
                .bind("me", me.value())
                .map(row -> {
                    Link link = link(row);
                    Snowflake other = link.requestorId().equals(me) ? link.userId() : link.requestorId();
                    return new UserDirectory.Joined<>(link, other, ReplicaRows.user(row, "u_id"));
                })
                .all()
                .collectList()
                .flatMap(rows -> users.complete(rows, LinkWithUser::new));
    }

    private static Link link(Readable row) {
        return new Link(
                Snowflake.of(row.get("requestor_id", Long.class)),
                Snowflake.of(row.get("user_id", Long.class)),
                LinkStatus.of(row.get("link_status", Short.class)),
                row.get("created_at", OffsetDateTime.class),
                row.get("updated_at", OffsetDateTime.class));
    }

    private static boolean flag(Readable row, String column) {
        return Boolean.TRUE.equals(row.get(column, Boolean.class));
    }

    private static byte[] bytes(Object value) {
        if (value instanceof java.nio.ByteBuffer buffer) {
            byte[] out = new byte[buffer.remaining()];
            buffer.duplicate().get(out);
            return out;
        }
        return (byte[]) value;
    }

    static OffsetDateTime utc(Instant instant) {
        return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }
}
