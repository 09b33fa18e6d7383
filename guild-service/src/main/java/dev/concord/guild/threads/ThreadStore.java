package dev.concord.guild.threads;

import dev.concord.guild.ColumnChanges;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The thread tables: threads and their members. */
@Component
public final class ThreadStore {

    private final DatabaseClient db;

    ThreadStore(DatabaseClient db) {
        this.db = db;
    }

    /** Stores the thread, open, created now; false when a thread with its id exists already. */
    Mono<Boolean> insert(NewThread thread, Instant now) {
        DatabaseClient.GenericExecuteSpec insert = db.sql("""
                        INSERT INTO threads (id, guild_id, parent_id, type, name, owner_id, rate_limit_per_user,
                            applied_tags, auto_archive_duration, archive_timestamp, invitable, create_timestamp,
                            archive_due_at)
                        VALUES (:id, :guild, :parent, :type, :name, :owner, :slowmode, :tags, :duration, :now,
                            :invitable, :now, :now + make_interval(mins => :duration))
                        ON CONFLICT (id) DO NOTHING""")
                .bind("id", thread.id().value())
                .bind("guild", thread.guildId().value())
                .bind("parent", thread.parentId().value())
                .bind("type", thread.type())
                .bind("name", thread.name())
                .bind("owner", thread.ownerId().value())
                .bind("slowmode", thread.rateLimitPerUser())
                .bind("tags", ids(thread.appliedTags()))
                .bind("duration", thread.autoArchiveDuration())
                .bind("now", at(now));
        insert = thread.invitable() == null
                ? insert.bindNull("invitable", Boolean.class)
                : insert.bind("invitable", thread.invitable());
        return insert.fetch().rowsUpdated().map(rows -> rows > 0);
    }

    /** The thread; with {@code lock}, its row is held until the transaction ends. */
    public Mono<ThreadData> find(Snowflake threadId, boolean lock) {
        return db.sql("SELECT * FROM threads WHERE id = :id" + (lock ? " FOR UPDATE" : ""))
                .bind("id", threadId.value())
                .map(ThreadStore::thread)
                .one();
    }

    /** The guild's open threads, oldest first. */
    public Flux<ThreadData> open(Snowflake guildId) {
        return db.sql("SELECT * FROM threads WHERE guild_id = :guild AND NOT archived ORDER BY id")
                .bind("guild", guildId.value())
                .map(ThreadStore::thread)
                .all();
    }

    /** The open threads of several guilds, oldest first. */
    public Flux<ThreadData> openIn(List<Snowflake> guildIds) {
        return db.sql("SELECT * FROM threads WHERE guild_id = ANY(:guilds) AND NOT archived ORDER BY id")
                .bind("guilds", ids(guildIds))
                .map(ThreadStore::thread)
                .all();
    }

    Mono<Void> update(Snowflake threadId, List<ColumnChanges.Change> changes) {
        return ColumnChanges.update(db, "threads", threadId.value(), changes);
    }

    /**
     * Sets the archive state, stamping when it changed; an opened thread's inactivity counts from now.
     */
    Mono<Void> archive(Snowflake threadId, boolean archived, Instant now) {
        return db.sql("""
                        UPDATE threads SET archived = :archived, archive_timestamp = :now,
                            archive_due_at = :now + make_interval(mins => auto_archive_duration)
                        WHERE id = :id""")
                .bind("id", threadId.value())
                .bind("archived", archived)
                .bind("now", at(now))
                .then();
    }

    /**
     * A message was posted in the thread: its counts (but for a post's first message, whose id is the
     * thread's: the platform counts neither), its last message and when it falls due for archiving move
     * on; an archived thread opens again.
     */
    Mono<Void> recordMessage(Snowflake threadId, Snowflake messageId, Instant now) {
        return db.sql("""
                        UPDATE threads SET message_count = message_count + CASE WHEN id = :message THEN 0 ELSE 1 END,
                            total_message_sent = total_message_sent + CASE WHEN id = :message THEN 0 ELSE 1 END,
                            last_message_id = greatest(last_message_id, :message),
                            archive_timestamp = CASE WHEN archived THEN :now ELSE archive_timestamp END,
                            archived = false,
                            archive_due_at = :now + make_interval(mins => auto_archive_duration)
                        WHERE id = :id""")
                .bind("id", threadId.value())
                .bind("message", messageId.value())
                .bind("now", at(now))
                .then();
    }

    /**
     * Takes deleted messages off the thread's {@code message_count} (a post's first message was never on
     * it), never below zero; false for no such thread.
     */
    Mono<Boolean> messagesDeleted(Snowflake threadId, List<Snowflake> messageIds) {
        return db.sql("""
                        UPDATE threads SET message_count = greatest(message_count
                            - (SELECT count(DISTINCT m) FROM unnest(:messages::bigint[]) AS m WHERE m <> threads.id), 0)
                        WHERE id = :id""")
                .bind("id", threadId.value())
                .bind("messages", messageIds.stream().map(Snowflake::value).toArray(Long[]::new))
                .fetch()
                .rowsUpdated()
                .map(updated -> updated > 0);
    }

    /** Archives up to {@code limit} open threads that fell due by {@code now}; their ids. */
    Flux<Snowflake> archiveDue(Instant now, int limit) {
        return db.sql("""
                        UPDATE threads SET archived = true, archive_timestamp = :now
                        WHERE id IN (SELECT id FROM threads WHERE NOT archived AND archive_due_at <= :now
                                     ORDER BY archive_due_at LIMIT :limit FOR UPDATE SKIP LOCKED)
                        RETURNING id""")
                .bind("now", at(now))
                .bind("limit", limit)
                .map(row -> Snowflake.of(row.get("id", Long.class)))
                .all();
    }

    /**
     * A channel's archived threads, public (and announcement) or private ones, most recently archived first,
     * archived before {@code before}.
     */
    Flux<ThreadData> archived(Snowflake parentId, boolean privateOnes, Instant before, int limit) {
        return db.sql("""
                        SELECT * FROM threads
                        WHERE parent_id = :parent AND archived AND (type = 12) = :private AND archive_timestamp < :before
                        ORDER BY archive_timestamp DESC, id DESC LIMIT :limit""")
                .bind("parent", parentId.value())
                .bind("private", privateOnes)
                .bind("before", at(before))
                .bind("limit", limit)
                .map(ThreadStore::thread)
                .all();
    }

    /** A channel's archived private threads the user joined, newest thread first, with ids below {@code before}. */
    Flux<ThreadData> joinedArchivedPrivate(Snowflake parentId, Snowflake userId, long before, int limit) {
        return db.sql("""
                        SELECT t.* FROM threads t JOIN thread_members m ON m.thread_id = t.id AND m.user_id = :user
                        WHERE t.parent_id = :parent AND t.archived AND t.type = 12 AND t.id < :before
                        ORDER BY t.id DESC LIMIT :limit""")
                .bind("parent", parentId.value())
                .bind("user", userId.value())
                .bind("before", before)
                .bind("limit", limit)
                .map(ThreadStore::thread)
                .all();
    }

    /** The user's memberships among these threads. */
    Flux<ThreadMemberData> membershipsOf(Snowflake userId, List<Snowflake> threadIds) {
        return db.sql(
                        "SELECT * FROM thread_members WHERE user_id = :user AND thread_id = ANY(:threads) ORDER BY thread_id")
                .bind("user", userId.value())
                .bind("threads", ids(threadIds))
                .map(ThreadStore::member)
                .all();
    }

    /** Which of these threads the user joined. */
    public Mono<Set<Long>> joined(Snowflake userId, List<Snowflake> threadIds) {
        return membershipsOf(userId, threadIds)
                .map(member -> member.id().value())
                .collect(Collectors.toSet());
    }

    Flux<ThreadData> findAll(List<Snowflake> threadIds) {
        return db.sql("SELECT * FROM threads WHERE id = ANY(:ids) ORDER BY id")
                .bind("ids", ids(threadIds))
                .map(ThreadStore::thread)
                .all();
    }

    Mono<Void> delete(Snowflake threadId) {
        return db.sql("DELETE FROM threads WHERE id = :id")
                .bind("id", threadId.value())
                .then();
    }

    /** Adds the user to the thread's members; false when they were one already. */
    Mono<Boolean> addMember(Snowflake threadId, Snowflake userId, Instant now) {
        return db.sql("""
                        WITH added AS (
                            INSERT INTO thread_members (thread_id, user_id, join_timestamp)
                            VALUES (:thread, :user, :now) ON CONFLICT DO NOTHING RETURNING thread_id)
                        UPDATE threads SET member_count = member_count + 1 WHERE id IN (SELECT thread_id FROM added)""")
                .bind("thread", threadId.value())
                .bind("user", userId.value())
                .bind("now", at(now))
                .fetch()
                .rowsUpdated()
                .map(rows -> rows > 0);
    }

    /** Removes the user from the thread's members; false when they were none. */
    Mono<Boolean> removeMember(Snowflake threadId, Snowflake userId) {
        return db.sql("""
                        WITH removed AS (
                            DELETE FROM thread_members WHERE thread_id = :thread AND user_id = :user
                            RETURNING thread_id)
                        UPDATE threads SET member_count = member_count - 1 WHERE id IN (SELECT thread_id FROM removed)""")
                .bind("thread", threadId.value())
                .bind("user", userId.value())
                .fetch()
                .rowsUpdated()
                .map(rows -> rows > 0);
    }

    /** The user's membership of the thread; empty when they have not joined it. */
    public Mono<ThreadMemberData> member(Snowflake threadId, Snowflake userId) {
        return db.sql("SELECT * FROM thread_members WHERE thread_id = :thread AND user_id = :user")
                .bind("thread", threadId.value())
                .bind("user", userId.value())
                .map(ThreadStore::member)
                .one();
    }

    /** The thread's members in user id order, after {@code after}. */
    Flux<ThreadMemberData> members(Snowflake threadId, long after, int limit) {
        return db.sql("""
                        SELECT * FROM thread_members WHERE thread_id = :thread AND user_id > :after
                        ORDER BY user_id LIMIT :limit""")
                .bind("thread", threadId.value())
                .bind("after", after)
                .bind("limit", limit)
                .map(ThreadStore::member)
                .all();
    }

    /** The user ids of the thread's members, for a private thread's events. */
    Mono<List<Snowflake>> memberIds(Snowflake threadId) {
        return db.sql("SELECT user_id FROM thread_members WHERE thread_id = :thread ORDER BY user_id")
                .bind("thread", threadId.value())
                .map(row -> Snowflake.of(row.get("user_id", Long.class)))
                .all()
                .collectList();
    }

    /** The member ids of each of these threads, in one query (a thread without members is left out). */
    Mono<Map<Snowflake, List<Snowflake>>> memberIdsOf(List<Snowflake> threadIds) {
        return db.sql("""
                        SELECT thread_id, user_id FROM thread_members WHERE thread_id = ANY(:threads)
                        ORDER BY thread_id, user_id""")
                .bind("threads", ids(threadIds))
                .map(row -> Map.entry(
                        Snowflake.of(row.get("thread_id", Long.class)), Snowflake.of(row.get("user_id", Long.class))))
                .all()
                .collect(Collectors.groupingBy(
                        Map.Entry::getKey, Collectors.mapping(Map.Entry::getValue, Collectors.toList())));
    }

    static ThreadData thread(Readable row) {
        int type = row.get("type", Number.class).intValue();
        Long lastMessage = row.get("last_message_id", Long.class);
        Long[] tags = row.get("applied_tags", Long[].class);
        Boolean invitable = row.get("invitable", Boolean.class);
        return new ThreadData(
                Snowflake.of(row.get("id", Long.class)),
                type,
                Snowflake.of(row.get("guild_id", Long.class)),
                Snowflake.of(row.get("parent_id", Long.class)),
                Snowflake.of(row.get("owner_id", Long.class)),
                row.get("name", String.class),
                lastMessage == null ? null : Snowflake.of(lastMessage),
                row.get("rate_limit_per_user", Integer.class),
                row.get("flags", Integer.class),
                tags == null
                        ? List.of()
                        : Arrays.stream(tags).map(Snowflake::of).toList(),
                row.get("message_count", Integer.class),
                row.get("member_count", Integer.class),
                row.get("total_message_sent", Integer.class),
                new ThreadData.Metadata(
                        Boolean.TRUE.equals(row.get("archived", Boolean.class)),
                        row.get("auto_archive_duration", Integer.class),
                        instant(row, "archive_timestamp"),
                        Boolean.TRUE.equals(row.get("locked", Boolean.class)),
                        type == ThreadTypes.PRIVATE ? Possible.of(Boolean.TRUE.equals(invitable)) : Possible.absent(),
                        instant(row, "create_timestamp")));
    }

    private static ThreadMemberData member(Readable row) {
        return new ThreadMemberData(
                Snowflake.of(row.get("thread_id", Long.class)),
                Snowflake.of(row.get("user_id", Long.class)),
                instant(row, "join_timestamp"),
                row.get("flags", Integer.class));
    }

    private static Instant instant(Readable row, String column) {
        return row.get(column, OffsetDateTime.class).toInstant();
    }

    private static OffsetDateTime at(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC);
    }

    private static Long[] ids(List<Snowflake> ids) {
        return ids.stream().map(Snowflake::value).toArray(Long[]::new);
    }
}
