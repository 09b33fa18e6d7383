package dev.concord.guild.privatechannels;

import dev.concord.guild.calls.PrivateCalls;
import dev.concord.platform.auth.Principal;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Unknown;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * {@code PUT} and {@code DELETE /channels/{channel.id}/recipients/{user.id}}: a group DM's recipients add
 * their friends, up to ten people in all; its owner removes anyone, anyone removes themselves. The owner
 * leaving hands the group to the remaining recipient with the lowest id; the last one leaving ends it.
 * Each change locks the group's row, so concurrent changes see each other's outcome.
 */
@Service
final class GroupRecipients {

    private final PrivateChannelStore store;
    private final UserDirectory users;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final FriendsOnly friendsOnly;
    private final PrivateCalls calls;

    GroupRecipients(
            PrivateChannelStore store,
            UserDirectory users,
            Outbox outbox,
            TransactionalOperator transactions,
            FriendsOnly friendsOnly,
            PrivateCalls calls) {
        this.store = store;
        this.users = users;
        this.outbox = outbox;
        this.transactions = transactions;
        this.friendsOnly = friendsOnly;
        this.calls = calls;
    }

    /**
     * Adds {@code userId} and answers the group as {@code me} reads it after; empty when they were in it
     * already (nothing changes, no event).
     */
    Mono<Optional<PrivateChannelData>> add(Principal me, Snowflake channelId, Snowflake userId) {
        return group(channelId, me).flatMap(row -> {
            if (row.recipientIds().contains(userId)) {
                return Mono.just(Optional.<PrivateChannelData>empty());
            }
            Mono<Optional<PrivateChannelData>> added = store.lock(channelId).flatMap(locked -> {
                if (locked.recipientIds().contains(userId)) {
                    return Mono.just(Optional.<PrivateChannelData>empty());
                }
                if (locked.recipientIds().size() >= PrivateChannelRequest.MAX_GROUP_SIZE) {
                    return Mono.error(tooManyRecipients());
                }
                return store.addRecipient(channelId, userId)
                        .then(store.find(channelId))
                        .flatMap(after -> users.require(after.recipientIds())
                                .flatMap(known -> outbox.appendAll(addedEvents(locked, after, userId, known))
                                        .thenReturn(Optional.of(PrivateChannelData.of(after, me.userId(), known)))));
            });
            return friendsOnly.requireAll(me.userId(), List.of(userId)).then(transactions.transactional(added));
        });
    }

    /** Takes {@code userId} out: nothing to do when they are not in it. */
    Mono<Void> remove(Principal me, Snowflake channelId, Snowflake userId) {
        Mono<Void> removed = store.lock(channelId)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.CHANNEL)))
                .flatMap(row -> {
                    requireRecipientOfGroup(row, me);
                    if (!userId.equals(me.userId()) && !me.userId().equals(row.ownerId())) {
                        return Mono.error(ApiErrors.missingPermissions());
                    }
                    if (!row.recipientIds().contains(userId)) {
                        return Mono.empty();
                    }
                    return users.require(row.recipientIds()).flatMap(known -> removeKnown(row, userId, known));
                });
        return transactions.transactional(removed).then(calls.removedFrom(channelId, userId));
    }

    private Mono<Void> removeKnown(PrivateChannelRow row, Snowflake userId, Map<Snowflake, PartialUser> known) {
        List<Snowflake> remaining = new ArrayList<>(row.recipientIds());
        remaining.remove(userId);
        List<DomainEvent> events = new ArrayList<>(
                PrivateChannelEvents.deleted(row, Map.of(userId, PrivateChannelData.of(row, userId, known))));
        if (remaining.isEmpty()) {
            return store.delete(row.id()).then(outbox.appendAll(events));
        }
        PartialUser user = known.get(userId);
        if (user != null) {
            events.add(PrivateChannelEvents.recipientRemoved(row, user, remaining));
        }
        Mono<Void> change = store.removeRecipient(row.id(), userId).then();
        if (userId.equals(row.ownerId())) {
            Snowflake heir = remaining.stream().min(Comparator.naturalOrder()).orElseThrow();
            PrivateChannelRow after =
                    new PrivateChannelRow(row.id(), row.type(), heir, row.name(), row.icon(), remaining);
            events.addAll(PrivateChannelEvents.updated(after, PrivateChannelData.byReader(after, remaining, known)));
            change = change.then(store.setOwner(row.id(), heir));
        }
        return change.then(outbox.appendAll(events));
    }

    /** RECIPIENT_ADD to those who were in it; CHANNEL_CREATE to the one added, as they read it. */
    private static List<DomainEvent> addedEvents(
            PrivateChannelRow before, PrivateChannelRow after, Snowflake userId, Map<Snowflake, PartialUser> known) {
        List<DomainEvent> events = new ArrayList<>();
        PartialUser user = known.get(userId);
        if (user != null) {
            events.add(PrivateChannelEvents.recipientAdded(after, user, before.recipientIds()));
        }
        events.addAll(PrivateChannelEvents.created(after, Map.of(userId, PrivateChannelData.of(after, userId, known))));
        return events;
    }

    /** The group, which {@code me} must be in: 404 10003, 403 50001, or 400 50003 for a DM of two. */
    private Mono<PrivateChannelRow> group(Snowflake channelId, Principal me) {
        return store.find(channelId)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.CHANNEL)))
                .doOnNext(row -> requireRecipientOfGroup(row, me));
    }

    private static void requireRecipientOfGroup(PrivateChannelRow row, Principal me) {
        if (!row.recipientIds().contains(me.userId())) {
            throw ApiErrors.missingAccess();
        }
        if (row.type() != PrivateChannelRow.GROUP_DM) {
            throw dmOfTwo();
        }
    }

    static ApiException dmOfTwo() {
        return new ApiException(HttpStatus.BAD_REQUEST, 50003, "Cannot execute action on a DM channel");
    }

    private static ApiException tooManyRecipients() {
        return new ApiException(
                HttpStatus.BAD_REQUEST,
                30004,
                "Maximum number of recipients reached (" + PrivateChannelRequest.MAX_GROUP_SIZE + ")");
    }
}
