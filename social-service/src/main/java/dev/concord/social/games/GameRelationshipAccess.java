package dev.concord.social.games;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import java.util.Objects;
import org.springframework.web.reactive.function.server.ServerRequest;

/**
 * Who may call which game relationship route. Game relationships belong to a game: the Social SDK calls
 * with the game's OAuth2 token, whose application is the game ({@code relationships.read} to list,
 * {@code relationships.write} to ask, accept or remove, only in that game). A person's own session has
 * no game: it lists every game's relationships and accepts or removes with the application in the path,
 * or removes in every game at once. Bots have no game relationships (20001); other OAuth2 calls, and
 * user sessions on the game-only routes, are 403 50001.
 */
final class GameRelationshipAccess {

    static final String READ = "relationships.read";
    static final String WRITE = "relationships.write";

    private GameRelationshipAccess() {}

    /** Anyone but a bot; an OAuth2 token needs {@code scope}. */
    static Principal userOrGame(ServerRequest request, String scope) {
        Principal caller = Principals.of(request);
        if (caller.isBot()) {
            throw ApiErrors.botsNotAllowed();
        }
        if (caller.isOAuth2() && !caller.hasScope(scope)) {
            throw ApiErrors.missingAccess();
        }
        return caller;
    }

    /** Only a game's OAuth2 token with {@code relationships.write}. */
    static Principal game(ServerRequest request) {
        Principal caller = userOrGame(request, WRITE);
        if (!caller.isOAuth2()) {
            throw ApiErrors.missingAccess();
        }
        return caller;
    }

    /** The game a game's token acts for: an OAuth2 token always names its application. */
    static Snowflake application(Principal game) {
        return Objects.requireNonNull(game.applicationId(), "an OAuth2 token without an application");
    }
}
