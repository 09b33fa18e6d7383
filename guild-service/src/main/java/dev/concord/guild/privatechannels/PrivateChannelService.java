package dev.concord.guild.privatechannels;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * Opening DMs, making group DMs and listing a user's private channels. A DM between two users is made
 * once: opening it again answers the same channel, and only its making sends CHANNEL_CREATE (to both).
 * Whether a message may go through a DM (blocks, shared guilds, privacy settings) is decided when one is
 * sent. A group DM is made by a person, of friends only (social-service says who), each time anew.
 */
@Service
final class PrivateChannelService {

    private final PrivateChannelStore store;
    private final UserDirectory users;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final SnowflakeGenerator ids;
    private final FriendsOnly friendsOnly;

    PrivateChannelService(
            PrivateChannelStore store,
            UserDirectory users,
            Outbox outbox,
            TransactionalOperator transactions,
            SnowflakeGenerator ids,
            FriendsOnly friendsOnly) {
        this.store = store;
        this.users = users;
        this.outbox = outbox;
        this.transactions = transactions;
        this.ids = ids;
        this.friendsOnly = friendsOnly;
    }

    /** {@code POST /users/@me/channels}: the DM the request names, or a new group DM. */
    Mono<PrivateChannelData> open(Principal me, PrivateChannelRequest request) {
        Snowflake direct = request.directRecipient();
        if (direct != null) {
            return openDm(me.userId(), direct);
        }
        if (me.isBot()) {
            // Bots make group DMs through OAuth2 (gdm.join), refused by the request's validation.
            return Mono.error(ApiErrors.botsNotAllowed());
        }
        return makeGroup(me.userId(), Objects.requireNonNull(request.recipients()));
    }

    /**
     * A group DM of {@code me} and {@code recipients}, each of them a friend of {@code me}: 400 50033 when
     * one is not (or is no user at all).
     */
    private Mono<PrivateChannelData> makeGroup(Snowflake me, List<Snowflake> recipients) {
        List<Snowflake> others = recipients.stream().distinct().toList();
        if (others.contains(me)) {
            throw new Violations()
                    .add("recipients", "DIRECT_MESSAGE_SELF", "Cannot add yourself to a group DM.")
                    .toException();
        }
        Snowflake channelId = ids.next();
        return friendsOnly
                .requireAll(me, others)
                .then(transactions.transactional(store.insertGroup(channelId, me, others)
                        .then(store.find(channelId))
                        .flatMap(row -> announce(row).thenReturn(row))))
                .flatMap(row -> render(row, me));
    }

    /** The DM between {@code me} and the recipient, made if they have none: 404 10013 for no such user. */
    private Mono<PrivateChannelData> openDm(Snowflake me, Snowflake recipient) {
        if (recipient.equals(me)) {
            throw new Violations()
                    .add("recipient_id", "DIRECT_MESSAGE_SELF", "Cannot open a direct message with yourself.")
                    .toException();
        }
        return users.find(recipient)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.USER)))
                .flatMap(found -> store.findDm(me, recipient)
                        .flatMap(row -> reopenFor(row, me).thenReturn(row))
                        .switchIfEmpty(Mono.defer(() -> make(me, recipient)))
                        .flatMap(row -> render(row, me)));
    }

    /** Opening a DM its opener had closed brings it back to them: CHANNEL_CREATE to them. */
    private Mono<Void> reopenFor(PrivateChannelRow row, Snowflake reader) {
        return transactions.transactional(store.reopen(row.id(), reader)
                .filter(reopened -> reopened)
                .flatMap(reopened -> announceTo(row, List.of(reader))));
    }

    /**
     * {@code POST /internal/channels/{channel.id}/reopen}: a message is about to be sent in the DM, which
     * comes back to every recipient who had closed it (CHANNEL_CREATE to each). 404 10003 for no private
     * channel; nothing for a group DM (left, never closed).
     */
    Mono<Void> reopen(Snowflake channelId) {
        return store.find(channelId)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.CHANNEL)))
                .filter(row -> row.type() != PrivateChannelRow.GROUP_DM)
                .flatMap(row -> transactions.transactional(store.reopen(channelId)
                        .collectList()
                        .filter(reopened -> !reopened.isEmpty())
                        .flatMap(reopened -> announceTo(row, reopened))));
    }

    /** Closing a DM takes it out of the closer's list until it is opened again: CHANNEL_DELETE to them. */
    Mono<Void> close(PrivateChannelRow row, Snowflake reader) {
        return transactions.transactional(
                store.close(row.id(), reader).filter(closed -> closed).flatMap(closed -> users.require(
                                row.recipientIds())
                        .flatMap(known -> outbox.appendAll(PrivateChannelEvents.deleted(
                                row, Map.of(reader, PrivateChannelData.of(row, reader, known)))))));
    }

    private Mono<Void> announceTo(PrivateChannelRow row, List<Snowflake> readers) {
        return users.require(row.recipientIds()).flatMap(known -> {
            return outbox.appendAll(
                    PrivateChannelEvents.created(row, PrivateChannelData.byReader(row, readers, known)));
        });
    }

    /** The user's DMs and group DMs, newest first. */
    Mono<List<PrivateChannelData>> list(Snowflake me) {
        return store.of(me).collectList().flatMap(rows -> {
            Set<Snowflake> everyone = new LinkedHashSet<>();
            rows.forEach(row -> everyone.addAll(row.recipientIds()));
            return users.findAll(everyone).collectMap(PartialUser::id).map(known -> rows.stream()
                    .map(row -> PrivateChannelData.of(row, me, known))
                    .toList());
        });
    }

    private Mono<PrivateChannelRow> make(Snowflake me, Snowflake recipient) {
        Mono<PrivateChannelRow> made = store.insertDm(ids.next(), me, recipient)
                .flatMap(inserted -> store.findDm(me, recipient)
                        .flatMap(row -> inserted ? announce(row).thenReturn(row) : Mono.just(row)));
        return transactions.transactional(made);
    }

    /** CHANNEL_CREATE to each recipient, as each reads the channel. */
    Mono<Void> announce(PrivateChannelRow row) {
        return users.findAll(row.recipientIds()).collectMap(PartialUser::id).flatMap(known -> {
            return outbox.appendAll(
                    PrivateChannelEvents.created(row, PrivateChannelData.byReader(row, row.recipientIds(), known)));
        });
    }

    Mono<PrivateChannelData> render(PrivateChannelRow row, Snowflake reader) {
        return users.findAll(row.recipientIds())
                .collectMap(PartialUser::id)
                .map(known -> PrivateChannelData.of(row, reader, known));
    }
}
