package dev.concord.social.suggestions;

import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.Violations;
import dev.concord.social.relationships.FriendTokens;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * HTTP for friend suggestions (a person's own session) and for the ingestion of imported contacts
 * (other services, over {@code /internal}).
 */
@Component
final class FriendSuggestionHandler {

    private final FriendSuggestionStore store;
    private final FriendSuggestionService service;
    private final TransactionalOperator transactions;
    private final FriendTokens tokens;

    FriendSuggestionHandler(
            FriendSuggestionStore store,
            FriendSuggestionService service,
            TransactionalOperator transactions,
            FriendTokens tokens) {
        this.store = store;
        this.service = service;
        this.transactions = transactions;
        this.tokens = tokens;
    }

    Mono<ServerResponse> list(ServerRequest request) {
        Snowflake me = Principals.user(request).userId();
        return store.suggestionsFor(me)
                .map(suggestion -> suggestion.fromSuggestedUserContacts()
                        ? suggestion.withFriendToken(
                                tokens.issue(suggestion.suggestedUser().id(), me))
                        : suggestion)
                .collectList()
                .flatMap(suggestions -> ServerResponse.ok().bodyValue(suggestions));
    }

    /** Dismisses a suggestion for good; FRIEND_SUGGESTION_DELETE tells the user's other sessions. */
    Mono<ServerResponse> dismiss(ServerRequest request) {
        Snowflake me = Principals.user(request).userId();
        Snowflake suggested = PathIds.snowflake(request, "user_id");
        return service.dismiss(me, suggested).then(ServerResponse.noContent().build());
    }

    /** {@code PUT /internal/users/{user.id}/platform-contacts/{platform}}: replaces what was imported. */
    Mono<ServerResponse> replaceContacts(ServerRequest request) {
        Snowflake user = PathIds.snowflake(request, "user_id");
        String platform = request.pathVariable("platform");
        new Violations()
                .oneOf(
                        "platform",
                        platform,
                        PlatformContactsRequest.PLATFORMS.stream().sorted().toList())
                .throwIfAny();
        return JsonBodies.checked(request, PlatformContactsRequest.class)
                .flatMap(body -> transactions.transactional(
                        store.replaceContacts(user, platform, body.account(), body.friendsOrNone())))
                .then(ServerResponse.noContent().build());
    }
}
