package dev.concord.guild.threads;

import dev.concord.guild.ColumnChanges;
import dev.concord.guild.threads.ThreadAccesses.InThread;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/** A thread once started: read, changed, deleted, and written in. */
@Service
final class ThreadService {

    private final ThreadStore threads;
    private final ThreadAccesses accesses;
    private final ThreadMemberViews memberViews;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final Clock clock;

    ThreadService(
            ThreadStore threads,
            ThreadAccesses accesses,
            ThreadMemberViews memberViews,
            Outbox outbox,
            TransactionalOperator transactions,
            Clock clock) {
        this.threads = threads;
        this.accesses = accesses;
        this.memberViews = memberViews;
        this.outbox = outbox;
        this.transactions = transactions;
        this.clock = clock;
    }

    /** The thread for a member who can see it (403 50001 otherwise); empty when there is no such thread. */
    Mono<ThreadData> get(Snowflake threadId, Snowflake userId) {
        return accesses.load(threadId, userId, false).map(InThread::thread);
    }

    /**
     * Applies a PATCH: opening or archiving takes sending there (MANAGE_THREADS once locked); the name, the
     * archive duration and a post's tags its owner or a thread manager; locking, slowmode, pinning and
     * {@code invitable} a thread manager. An archived thread takes nothing but being opened (50083).
     * Empty when there is no such thread.
     */
    Mono<ThreadData> modify(Snowflake threadId, Snowflake userId, ThreadModifyRequest request) {
        return transactions.transactional(accesses.load(threadId, userId, true).flatMap(in -> {
            ThreadData thread = in.thread();
            Instant now = clock.instant();
            List<ColumnChanges.Change> changes = ThreadChanges.of(in, request, now);
            if (thread.archived() && !request.opens() && !changes.isEmpty()) {
                throw ThreadErrors.archived();
            }
            Boolean archived = Possible.valueOrNull(request.archived());
            boolean archiving = archived != null && archived != thread.archived();
            if (archiving) {
                requireArchiveChange(in);
            }
            if (changes.isEmpty() && !archiving) {
                return Mono.just(thread);
            }
            return threads.update(threadId, changes)
                    .then(archiving ? threads.archive(threadId, !thread.archived(), now) : Mono.empty())
                    .then(threads.find(threadId, false))
                    .flatMap(updated -> publish(updated, ThreadEvents::updated).thenReturn(updated));
        }));
    }

    /** Deletes a thread for a thread manager, answering it as it was; empty when there is no such thread. */
    Mono<ThreadData> delete(Snowflake threadId, Snowflake userId) {
        return transactions.transactional(accesses.load(threadId, userId, true).flatMap(in -> {
            in.require(Permission.MANAGE_THREADS);
            return threads.memberIds(threadId).flatMap(members -> threads.delete(threadId)
                    .then(outbox.append(ThreadEvents.deleted(in.thread(), members)))
                    .thenReturn(in.thread()));
        }));
    }

    /**
     * A message goes into the thread (webhook-service asks first): a locked thread takes one only from a
     * thread manager (50013), an archived one opens again (THREAD_UPDATE), and a member who writes joins
     * it (THREAD_MEMBERS_UPDATE). 404 10003 for no such thread.
     */
    Mono<ThreadData> recordMessage(Snowflake threadId, ThreadMessage message) {
        Instant now = clock.instant();
        Mono<ThreadData> recorded = threads.find(threadId, true)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.CHANNEL)))
                .flatMap(thread -> {
                    if (thread.locked() && !message.manageThreads()) {
                        return Mono.error(ApiErrors.missingPermissions());
                    }
                    Mono<Boolean> joined = message.authorId().isPresent()
                            ? threads.addMember(threadId, message.authorId().get(), now)
                            : Mono.just(false);
                    return threads.recordMessage(threadId, message.message(), now)
                            .then(joined)
                            .flatMap(added -> threads.find(threadId, false)
                                    .flatMap(after -> afterMessage(thread, after, added, message, now)));
                });
        return transactions.transactional(recorded);
    }

    /**
     * Messages of the thread were deleted: its {@code message_count}, which counts neither them nor a
     * post's first message, goes down ({@code total_message_sent} keeps them, as on the platform).
     */
    Mono<Void> messagesDeleted(Snowflake threadId, List<Snowflake> messageIds) {
        return threads.messagesDeleted(threadId, messageIds)
                .filter(Boolean::booleanValue)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.CHANNEL)))
                .then();
    }

    private Mono<ThreadData> afterMessage(
            ThreadData before, ThreadData after, boolean joined, ThreadMessage message, Instant now) {
        Mono<Void> events = Mono.empty();
        if (before.archived()) {
            events = events.then(publish(after, ThreadEvents::updated));
        }
        if (joined) {
            ThreadMemberData member =
                    new ThreadMemberData(after.id(), message.authorId().get(), now, 0);
            events = events.then(outbox.append(ThreadEvents.memberUpdated(after, member)))
                    .then(Mono.zip(
                            threads.memberIds(after.id()), memberViews.withMembers(after.guildId(), List.of(member))))
                    .flatMap(read ->
                            outbox.append(ThreadEvents.membersUpdated(after, read.getT2(), List.of(), read.getT1())));
        }
        return events.thenReturn(after);
    }

    private Mono<Void> publish(ThreadData thread, EventOf event) {
        Mono<List<Snowflake>> members = thread.isPrivate() ? threads.memberIds(thread.id()) : Mono.just(List.of());
        return members.flatMap(ids -> outbox.append(event.of(thread, ids)));
    }

    @FunctionalInterface
    private interface EventOf {
        DomainEvent of(ThreadData thread, List<Snowflake> memberIds);
    }

    /** Opening or archiving by hand: whoever may send there, once locked only a thread manager. */
    private static void requireArchiveChange(InThread in) {
        if (in.has(Permission.MANAGE_THREADS)) {
            return;
        }
        if (in.thread().locked()) {
            throw ApiErrors.missingPermissions();
        }
        in.require(Permission.SEND_MESSAGES);
    }
}
