package dev.concord.social.family;

import dev.concord.platform.events.Outbox;
import dev.concord.platform.events.RunToEnd;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.UserDirectory;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * Link codes and links. Each change commits with its two USER_UPDATE events or not at all, and a refused
 * change leaves no trace: every check runs inside the transaction, before anything is written.
 */
@Service
final class LinkService {

    private final LinkStore store;
    private final UserDirectory users;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final FamilyCenterSettings settings;
    private final Clock clock;
    private final LinkCodes codes = new LinkCodes();

    LinkService(
            LinkStore store,
            UserDirectory users,
            Outbox outbox,
            TransactionalOperator transactions,
            FamilyCenterSettings settings,
            Clock clock) {
        this.store = store;
        this.users = users;
        this.outbox = outbox;
        this.transactions = transactions;
        this.settings = settings;
        this.clock = clock;
    }

    /** A new code for {@code me}, the linked user; the previous one stops working. */
    Mono<LinkCodeData> newCode(Snowflake me) {
        String code = codes.next();
        return RunToEnd.of(
                store.saveCode(me, LinkCodes.hash(code), clock.instant().plus(settings.linkCodeTtl()))
                        .thenReturn(new LinkCodeData(code)));
    }

    /** The caller's links, both roles, with the other party of each. */
    Mono<LinkedUsersData> linkedUsers(Snowflake me) {
        return store.linksOf(me).map(links -> seenBy(me, links));
    }

    /** The links as {@code me} sees them, and the other party of each. */
    static LinkedUsersData seenBy(Snowflake me, List<LinkStore.LinkWithUser> links) {
        return new LinkedUsersData(
                links.stream().map(l -> l.link().seenBy(me)).toList(),
                links.stream().map(LinkStore.LinkWithUser::other).distinct().toList());
    }

    /** {@code me} (the requestor) asks to link to the user whose device showed {@code request.code}. */
    Mono<LinkedUsersData> request(Snowflake me, LinkedUserCreateRequest request) {
        Snowflake recipient = request.recipientId();
        if (recipient.equals(me)) {
            return Mono.error(FamilyCenterErrors.selfLink());
        }
        Instant now = clock.instant();
        Mono<LinkedUsersData> work = store.lockUsers(me, recipient)
                .then(store.findCodeForUpdate(recipient))
                // Both checks always run (no short circuit): an expired code answers as fast as a wrong one.
                .filter(stored -> stored.expiresAt().isAfter(now) & LinkCodes.matches(request.code(), stored.hash()))
                .switchIfEmpty(Mono.error(FamilyCenterErrors::invalidCode))
                .then(store.requestFacts(me, recipient))
                .flatMap(facts -> refusal(facts).map(Mono::<Void>error).orElseGet(Mono::empty))
                .then(store.deleteCode(recipient))
                .then(store.saveRequest(me, recipient, now))
                .then(announce(me, recipient))
                .then(linkedUsers(me));
        return transactions.transactional(work);
    }

    /** Moves the link between {@code me} and {@code request.linked_user_id} to {@code request.link_status}. */
    Mono<List<LinkedUserData>> modify(Snowflake me, LinkedUserModifyRequest request) {
        Snowflake other = request.linkedUserId();
        LinkStatus next = LinkStatus.of(request.linkStatus());
        Instant now = clock.instant();
        Mono<List<LinkedUserData>> work = store.lockUsers(me, other)
                .then(store.findActiveBetweenForUpdate(me, other))
                .switchIfEmpty(Mono.error(FamilyCenterErrors::noSuchLink))
                .flatMap(
                        link -> link.status().mayMoveTo(next, link.requestorId().equals(me))
                                ? store.updateStatus(link, next, now)
                                        .then(forgetUnlessConnected(link, next))
                                        .then(announce(me, other))
                                : Mono.error(FamilyCenterErrors.transitionRefused()))
                .then(linkedUsers(me).map(LinkedUsersData::linkedUsers));
        return transactions.transactional(work);
    }

    /**
     * A teen's activity is recorded only while connected and shown only to those connected: when their
     * last connection ends, what was recorded goes too, rather than waiting out the 7 days.
     */
    private Mono<Void> forgetUnlessConnected(Link link, LinkStatus next) {
        return next == LinkStatus.CONNECTED ? Mono.empty() : store.forgetActivityUnlessConnected(link.userId());
    }

    private static Optional<RuntimeException> refusal(LinkStore.RequestFacts facts) {
        if (facts.pairActive()) {
            return Optional.of(FamilyCenterErrors.alreadyLinked());
        }
        if (facts.requestorIsLinkedUser() || facts.recipientIsRequestor()) {
            return Optional.of(FamilyCenterErrors.roleTaken());
        }
        if (facts.activeOfRequestor() >= FamilyCenterErrors.MAX_CONNECTED) {
            return Optional.of(FamilyCenterErrors.tooManyConnected());
        }
        return Optional.empty();
    }

    /** USER_UPDATE to both users, with the partial users read in one query (misses from their owner). */
    private Mono<Void> announce(Snowflake a, Snowflake b) {
        return users.require(List.of(a, b))
                .flatMap(known -> outbox.appendAll(List.of(
                        FamilyCenterEvents.userUpdate(Objects.requireNonNull(known.get(a))),
                        FamilyCenterEvents.userUpdate(Objects.requireNonNull(known.get(b))))));
    }
}
