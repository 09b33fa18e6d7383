package dev.concord.guild.privatechannels;

import dev.concord.guild.ColumnChanges;
import dev.concord.guild.ImageData;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.UserDirectory;
import java.util.ArrayList;
import java.util.List;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * A group DM's name and icon, which any of its recipients changes ({@code PATCH /channels/{channel.id}}):
 * CHANNEL_UPDATE to each recipient as they read it; a PATCH that changes nothing writes and sends nothing.
 */
@Service
final class GroupSettings {

    private final DatabaseClient db;
    private final PrivateChannelStore store;
    private final UserDirectory users;
    private final Outbox outbox;
    private final TransactionalOperator transactions;

    GroupSettings(
            DatabaseClient db,
            PrivateChannelStore store,
            UserDirectory users,
            Outbox outbox,
            TransactionalOperator transactions) {
        this.db = db;
        this.store = store;
        this.users = users;
        this.outbox = outbox;
        this.transactions = transactions;
    }

    /** The group after the change, as {@code reader} (one of its recipients) reads it. */
    Mono<PrivateChannelData> modify(PrivateChannelRow row, Snowflake reader, GroupModifyRequest request) {
        List<ColumnChanges.Change> changes = new ArrayList<>();
        // An empty name clears it, as null does.
        ColumnChanges.addIfChanged(
                changes,
                "name",
                request.name().map(name -> name.filter(given -> !given.isEmpty())),
                row.name(),
                String.class);
        ColumnChanges.addIfChanged(
                changes, "icon", request.icon().map(icon -> icon.map(ImageData::hash)), row.icon(), String.class);
        Mono<PrivateChannelRow> changed = changes.isEmpty()
                ? Mono.just(row)
                : ColumnChanges.update(db, "private_channels", row.id().value(), changes)
                        .then(store.find(row.id()));
        // The recipients' users once, for the answer and, after a change, for each recipient's event.
        Mono<PrivateChannelData> answer =
                changed.flatMap(after -> users.require(after.recipientIds()).flatMap(known -> (changes.isEmpty()
                                ? Mono.<Void>empty()
                                : outbox.appendAll(PrivateChannelEvents.updated(
                                        after, PrivateChannelData.byReader(after, after.recipientIds(), known))))
                        .thenReturn(PrivateChannelData.of(after, reader, known))));
        return transactions.transactional(answer);
    }
}
