package dev.concord.guild.threads;

import dev.concord.guild.ColumnChanges;
import dev.concord.guild.channels.ForumTag;
import dev.concord.guild.threads.ThreadAccesses.InThread;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
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
            if (thread.archived() && !request.opens() && changesBesidesArchive(request, thread)) {
                throw ThreadErrors.archived();
            }
            Instant now = clock.instant();
            List<ColumnChanges.Change> changes = changes(in, request, now);
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

    private static boolean changesBesidesArchive(ThreadModifyRequest request, ThreadData thread) {
        return differs(request.name(), thread.name())
                || differs(
                        request.autoArchiveDuration(), thread.threadMetadata().autoArchiveDuration())
                || differs(request.locked(), thread.locked())
                || differs(request.rateLimitPerUser(), thread.rateLimitPerUser())
                || differs(request.flags(), thread.flags())
                || differs(request.appliedTags(), thread.appliedTags())
                || (thread.isPrivate()
                        && differs(
                                request.invitable(),
                                thread.threadMetadata().invitable().orElse(true)));
    }

    private static <T> boolean differs(Possible<Optional<T>> requested, Object current) {
        T value = Possible.valueOrNull(requested);
        return value != null && !Objects.equals(value, current);
    }

    /** The columns the request changes, each checked against who may change it; archiving is apart. */
    private static List<ColumnChanges.Change> changes(InThread in, ThreadModifyRequest request, Instant now) {
        ThreadData thread = in.thread();
        boolean manager = in.has(Permission.MANAGE_THREADS);
        boolean ownerOrManager = manager || in.isOwner();
        boolean post = in.parent().channel().availableTags().isPresent();
        Violations violations = new Violations();
        if (differs(request.invitable(), thread.threadMetadata().invitable().orElse(true)) && !thread.isPrivate()) {
            violations.add("invitable", "THREAD_INVITABLE_INVALID", "Only private threads are invitable.");
        }
        if (differs(request.flags(), thread.flags()) && !post) {
            violations.add("flags", "THREAD_FLAGS_INVALID", "Only a forum post can be pinned.");
        }
        if (differs(request.appliedTags(), thread.appliedTags()) && !post) {
            violations.add("applied_tags", "THREAD_TAGS_INVALID", "Only a forum post has tags.");
        }
        violations.throwIfAny();
        List<ColumnChanges.Change> changes = new ArrayList<>();
        String name = Possible.valueOrNull(request.name());
        requireIf(ownerOrManager, changes, "name", name == null ? null : name.strip(), thread.name(), String.class);
        Integer duration = Possible.valueOrNull(request.autoArchiveDuration());
        if (requireIf(
                ownerOrManager,
                changes,
                "auto_archive_duration",
                duration,
                thread.threadMetadata().autoArchiveDuration(),
                Integer.class)) {
            // A new duration counts from now, as if someone had just written.
            changes.add(new ColumnChanges.Change(
                    "archive_due_at",
                    now.plusSeconds(60L * Objects.requireNonNull(duration)).atOffset(ZoneOffset.UTC),
                    OffsetDateTime.class));
        }
        requireIf(manager, changes, "locked", Possible.valueOrNull(request.locked()), thread.locked(), Boolean.class);
        requireIf(
                manager,
                changes,
                "rate_limit_per_user",
                Possible.valueOrNull(request.rateLimitPerUser()),
                thread.rateLimitPerUser(),
                Integer.class);
        requireIf(manager, changes, "flags", Possible.valueOrNull(request.flags()), thread.flags(), Integer.class);
        requireIf(
                manager,
                changes,
                "invitable",
                Possible.valueOrNull(request.invitable()),
                thread.threadMetadata().invitable().orElse(true),
                Boolean.class);
        List<Snowflake> tags = Possible.valueOrNull(request.appliedTags());
        if (tags != null && !tags.equals(thread.appliedTags())) {
            List<Snowflake> checked = checkTags(in, tags.stream().distinct().toList(), manager);
            requireIf(
                    ownerOrManager,
                    changes,
                    "applied_tags",
                    checked.stream().map(Snowflake::value).toArray(Long[]::new),
                    null,
                    Long[].class);
        }
        return changes;
    }

    /** Adds the change when the value differs; 403 50013 when it does and the member may not make it. */
    private static boolean requireIf(
            boolean allowed,
            List<ColumnChanges.Change> changes,
            String column,
            @Nullable Object requested,
            @Nullable Object current,
            Class<?> type) {
        if (requested == null || Objects.equals(requested, current)) {
            return false;
        }
        if (!allowed) {
            throw ApiErrors.missingPermissions();
        }
        changes.add(new ColumnChanges.Change(column, requested, type));
        return true;
    }

    /** A post's new tags: the forum's own (50035 naming each other), moderated ones from thread managers. */
    private static List<Snowflake> checkTags(InThread in, List<Snowflake> tags, boolean manager) {
        Map<Snowflake, ForumTag> forumTags = in.parent().channel().availableTags().orElse(List.of()).stream()
                .collect(Collectors.toMap(ForumTag::id, Function.identity()));
        Violations violations = new Violations();
        for (int i = 0; i < tags.size(); i++) {
            ForumTag tag = forumTags.get(tags.get(i));
            if (tag == null) {
                ThreadErrors.unknownTag(violations.at("applied_tags"), i);
            } else if (tag.moderated() && !manager) {
                throw ApiErrors.missingPermissions();
            }
        }
        violations.throwIfAny();
        if (tags.isEmpty() && (in.parent().channel().flags() & ThreadTypes.REQUIRE_TAG) != 0) {
            throw ThreadErrors.tagRequired();
        }
        return tags;
    }
}
