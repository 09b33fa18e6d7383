package dev.concord.guild.threads;

import dev.concord.guild.access.AccessStore;
import dev.concord.guild.access.MemberRow;
import dev.concord.guild.threads.ThreadAccesses.InThread;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.permissions.ThreadAccess;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.node.ObjectNode;

/**
 * Who is in a thread: joining and leaving, adding and removing others, and reading its members, with the
 * platform's rules. An archived thread's members do not change (50083).
 */
@Service
final class ThreadMembers {

    private final ThreadStore threads;
    private final ThreadAccesses accesses;
    private final ThreadMemberViews memberViews;
    private final AccessStore members;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final Clock clock;

    ThreadMembers(
            ThreadStore threads,
            ThreadAccesses accesses,
            ThreadMemberViews memberViews,
            AccessStore members,
            Outbox outbox,
            TransactionalOperator transactions,
            Clock clock) {
        this.threads = threads;
        this.accesses = accesses;
        this.memberViews = memberViews;
        this.members = members;
        this.outbox = outbox;
        this.transactions = transactions;
        this.clock = clock;
    }

    /**
     * Adds {@code userId} (the actor themselves, or another member) to the thread. Joining takes seeing it;
     * adding another takes sending there, and in a private thread that is not {@code invitable} managing
     * threads; the one added must be a member of the guild (10007) who can see the thread's parent (50001).
     * 404 10003 for no such thread.
     */
    Mono<Void> add(Snowflake threadId, Snowflake actorId, Snowflake userId) {
        Mono<Void> added = load(threadId, actorId).flatMap(in -> {
            ThreadData thread = requireOpen(in.thread());
            Mono<Void> allowed = Mono.empty();
            if (!userId.equals(actorId)) {
                in.require(Permission.SEND_MESSAGES);
                if (thread.isPrivate()
                        && !thread.threadMetadata().invitable().orElse(true)
                        && !in.has(Permission.MANAGE_THREADS)) {
                    throw ApiErrors.missingPermissions();
                }
                allowed = requireSeesParent(in, userId);
            }
            Instant now = clock.instant();
            return allowed.then(threads.addMember(threadId, userId, now))
                    .flatMap(joined -> joined ? announce(threadId, userId, now, true) : Mono.empty());
        });
        return transactions.transactional(added);
    }

    /**
     * Takes {@code userId} out of the thread: themselves, or another for a thread manager (or a private
     * thread's owner). 404 10007 when they were not in it.
     */
    Mono<Void> remove(Snowflake threadId, Snowflake actorId, Snowflake userId) {
        Mono<Void> removed = load(threadId, actorId).flatMap(in -> {
            requireOpen(in.thread());
            if (!userId.equals(actorId)
                    && !in.has(Permission.MANAGE_THREADS)
                    && !(in.thread().isPrivate() && in.isOwner())) {
                throw ApiErrors.missingPermissions();
            }
            return threads.removeMember(threadId, userId)
                    .flatMap(left -> left
                            ? announce(threadId, userId, clock.instant(), false)
                            : Mono.error(ApiErrors.unknown(Unknown.MEMBER)));
        });
        return transactions.transactional(removed);
    }

    /** One member of the thread, for anyone who can see it; 404 10007 for a user not in it. */
    Mono<ThreadMemberData> get(Snowflake threadId, Snowflake actorId, Snowflake userId) {
        return load(threadId, actorId)
                .then(threads.member(threadId, userId))
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.MEMBER)));
    }

    /** A page of the thread's members in user id order, for anyone who can see it. */
    Flux<ThreadMemberData> list(Snowflake threadId, Snowflake actorId, long after, int limit) {
        return load(threadId, actorId).thenMany(Flux.defer(() -> threads.members(threadId, after, limit)));
    }

    private Mono<InThread> load(Snowflake threadId, Snowflake actorId) {
        return accesses.load(threadId, actorId, true)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.CHANNEL)));
    }

    private static ThreadData requireOpen(ThreadData thread) {
        if (thread.archived()) {
            throw ThreadErrors.archived();
        }
        return thread;
    }

    /** The user added must be a member of the guild (10007) who can see the parent channel (50001). */
    private Mono<Void> requireSeesParent(InThread in, Snowflake userId) {
        return members.member(in.parent().channel().guildId(), userId)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.MEMBER)))
                .map(MemberRow::forPermissions)
                .map(member -> in.parent()
                        .access()
                        .permissions()
                        .inThread(
                                member,
                                in.parent().channel().overwritesForPermissions(),
                                ThreadAccess.of(in.thread().type(), true),
                                clock.instant()))
                .filter(bits -> (bits & Permission.VIEW_CHANNEL.bit()) != 0)
                .switchIfEmpty(Mono.error(ApiErrors::missingAccess))
                .then();
    }

    /** THREAD_MEMBER_UPDATE to one who joined, and THREAD_MEMBERS_UPDATE to the thread's audience. */
    private Mono<Void> announce(Snowflake threadId, Snowflake userId, Instant now, boolean joined) {
        ThreadMemberData member = new ThreadMemberData(threadId, userId, now, 0);
        return threads.find(threadId, false).flatMap(thread -> Mono.zip(
                        threads.memberIds(threadId),
                        joined
                                ? memberViews.withMembers(thread.guildId(), List.of(member))
                                : Mono.just(List.<ObjectNode>of()))
                .flatMap(read -> {
                    Mono<Void> own = joined ? outbox.append(ThreadEvents.memberUpdated(thread, member)) : Mono.empty();
                    return own.then(outbox.append(ThreadEvents.membersUpdated(
                            thread, read.getT2(), joined ? List.of() : List.of(userId), read.getT1())));
                }));
    }
}
