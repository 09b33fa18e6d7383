package dev.concord.social.preferences;

import dev.concord.platform.events.RunToEnd;
import dev.concord.platform.ids.Snowflake;
import java.util.Map;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Reads and records a user's consents. No event: the platform pushes none for consents (clients read
 * them with GET, and the next READY carries them), and a change is one upsert statement, atomic by
 * itself, so it needs no explicit transaction.
 */
@Service
final class ConsentService {

    private final ConsentStore store;

    ConsentService(ConsentStore store) {
        this.store = store;
    }

    Mono<ConsentsData> get(Snowflake userId) {
        return store.find(userId).defaultIfEmpty(ConsentsData.of(null, null));
    }

    /** Applies a validated request; one that names no type writes nothing. Runs to its end once started. */
    Mono<ConsentsData> modify(Snowflake userId, ConsentModifyRequest request) {
        Map<ConsentType, Boolean> answers = request.answers();
        if (answers.isEmpty()) {
            return get(userId);
        }
        return RunToEnd.of(store.answer(userId, answers));
    }
}
