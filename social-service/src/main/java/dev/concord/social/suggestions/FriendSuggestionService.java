package dev.concord.social.suggestions;

import static dev.concord.platform.events.EventTypes.FRIEND_SUGGESTION_DELETE;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.UserDirectory;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import java.util.Map;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/** Dismisses friend suggestions; a dismissal and its event are one statement. */
@Service
final class FriendSuggestionService {

    private final FriendSuggestionStore store;
    private final UserDirectory users;
    private final Outbox outbox;

    FriendSuggestionService(FriendSuggestionStore store, UserDirectory users, Outbox outbox) {
        this.store = store;
        this.users = users;
        this.outbox = outbox;
    }

    /**
     * Dismisses {@code suggested} for good: 10013 when the user is unknown. FRIEND_SUGGESTION_DELETE tells
     * {@code me}'s other sessions, once: dismissing again writes and publishes nothing.
     */
    Mono<Void> dismiss(Snowflake me, Snowflake suggested) {
        return users.find(suggested)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.USER)))
                .flatMap(user -> outbox.appendForEachRow(store.dismiss(me, suggested), deleted(me, suggested))
                        .then());
    }

    static DomainEvent deleted(Snowflake me, Snowflake suggested) {
        return new DomainEvent(
                FRIEND_SUGGESTION_DELETE,
                me.asString(),
                Audience.users(me),
                Map.of("suggested_user_id", suggested.asString()));
    }
}
