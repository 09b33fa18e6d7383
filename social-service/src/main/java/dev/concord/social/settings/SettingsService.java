package dev.concord.social.settings;

import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import java.time.Clock;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/** Reads and changes a user's settings; a change and its event commit together or not at all. */
@Service
final class SettingsService {

    /** The stored document of a user who never changed anything. */
    private static final String NOTHING_STORED = "{}";

    private final SettingsStore store;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final SettingsMerge merge;
    private final Clock clock;

    SettingsService(SettingsStore store, Outbox outbox, TransactionalOperator transactions, JsonMapper mapper, Clock clock) {
        this.store = store;
        this.outbox = outbox;
        this.transactions = transactions;
        this.merge = new SettingsMerge(mapper);
        this.clock = clock;
    }

    /** The user's settings; defaults for a user with none stored, and nothing is written for them. */
    Mono<UserSettingsData> get(Snowflake userId) {
        return store.find(userId)
                .defaultIfEmpty(NOTHING_STORED)
                .map(stored -> merge.read(stored, clock.instant()));
    }

    /**
     * Applies a validated PATCH. Only fields whose value changes are written and announced; a PATCH that
     * changes nothing writes nothing and publishes nothing.
     */
    Mono<UserSettingsData> modify(Snowflake userId, UserSettingsModifyRequest patch) {
        Mono<UserSettingsData> change = store.findForUpdate(userId)
                .defaultIfEmpty(NOTHING_STORED)
                .flatMap(stored -> {
                    SettingsMerge.Changes changes = merge.apply(merge.read(stored, clock.instant()), patch);
                    if (changes.none()) {
                        return Mono.just(changes.settings());
                    }
                    return store.merge(userId, merge.write(changes.changed()))
                            .map(saved -> merge.read(saved, clock.instant()))
                            .flatMap(saved -> outbox.append(SettingsEvents.settingsUpdate(userId, changes.changed()))
                                    .thenReturn(saved));
                });
        return transactions.transactional(change);
    }
}
