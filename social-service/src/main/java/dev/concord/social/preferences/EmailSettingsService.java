package dev.concord.social.preferences;

import dev.concord.platform.events.RunToEnd;
import dev.concord.platform.ids.Snowflake;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Reads and saves a user's e-mail settings. No event: the platform pushes none for them (its clients
 * update their own copy from the PATCH response), and a save is one upsert, atomic by itself, so it
 * needs no explicit transaction.
 */
@Service
final class EmailSettingsService {

    private final EmailSettingsStore store;

    EmailSettingsService(EmailSettingsStore store) {
        this.store = store;
    }

    Mono<EmailSettingsData> get(Snowflake userId) {
        return store.find(userId).defaultIfEmpty(EmailSettingsData.DEFAULTS);
    }

    /** Saves a validated PATCH; runs to its end once started, whatever the client does. */
    Mono<EmailSettingsData> modify(Snowflake userId, EmailSettingsModifyRequest request) {
        return RunToEnd.of(store.save(userId, request.initializedAfter(), request.categories()));
    }
}
