package dev.concord.social.settings;

import dev.concord.platform.events.Outbox;
import dev.concord.platform.events.RunToEnd;
import dev.concord.platform.ids.Snowflake;
import dev.concord.social.settings.SettingsStore.Stored;
import java.time.Clock;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/** Reads and changes a user's settings; a change and its event commit together or not at all. */
@Service
final class SettingsService {

    private final SettingsStore store;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final SettingsMerge merge;
    private final Clock clock;

    SettingsService(
            SettingsStore store, Outbox outbox, TransactionalOperator transactions, JsonMapper mapper, Clock clock) {
        this.store = store;
        this.outbox = outbox;
        this.transactions = transactions;
        this.merge = new SettingsMerge(mapper);
        this.clock = clock;
    }

    /** The user's settings; defaults for a user with none stored, and nothing is written for them. */
    Mono<UserSettingsData> get(Snowflake userId) {
        return store.find(userId)
                .defaultIfEmpty(Stored.NONE)
                .map(stored -> merge.read(stored.document(), clock.instant()));
    }

    /**
     * Applies a validated PATCH. Only fields whose value changes are written and announced; a PATCH that
     * changes nothing writes nothing and publishes nothing.
     *
     * <p>Optimistic first: one read, then one statement that writes the change with its event only if
     * nobody wrote in between, so the common case pays two round trips and holds no lock. A user's own
     * clients rarely race; when they do, the loser starts again holding the row's lock, which cannot lose
     * (rows are never deleted, and a lost race means the row exists). Once started it runs to its end,
     * even if the client goes away (see {@link RunToEnd}).
     */
    Mono<UserSettingsData> modify(Snowflake userId, UserSettingsModifyRequest patch) {
        Mono<UserSettingsData> locked = transactions.transactional(store.findForUpdate(userId)
                .defaultIfEmpty(Stored.NONE)
                .flatMap(stored -> apply(userId, patch, stored))
                .switchIfEmpty(Mono.error(() -> new IllegalStateException("settings changed under the row lock"))));
        return RunToEnd.of(store.find(userId)
                .defaultIfEmpty(Stored.NONE)
                .flatMap(stored -> apply(userId, patch, stored))
                .switchIfEmpty(Mono.defer(() -> locked)));
    }

    /** The settings after applying {@code patch} to {@code stored}; empty if {@code stored} is outdated. */
    private Mono<UserSettingsData> apply(Snowflake userId, UserSettingsModifyRequest patch, Stored stored) {
        SettingsMerge.Changes changes = merge.apply(merge.read(stored.document(), clock.instant()), patch);
        if (changes.none()) {
            return Mono.just(changes.settings());
        }
        return outbox.appendForEachRow(
                        store.merge(userId, stored, merge.write(changes.changed())),
                        SettingsEvents.settingsUpdate(userId, changes.changed()))
                .next()
                .map(saved -> merge.read(saved, clock.instant()));
    }
}
