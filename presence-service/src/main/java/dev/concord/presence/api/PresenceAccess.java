package dev.concord.presence.api;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.web.ApiErrors;
import org.springframework.web.reactive.function.server.ServerRequest;

/** Who may call presence's endpoints: people, and applications a person granted an activities scope. */
public final class PresenceAccess {

    public static final String READ = "activities.read";
    public static final String WRITE = "activities.write";

    private PresenceAccess() {}

    /** A person, or an OAuth2 token holding {@code scope}; bots get 403 20001, other tokens 403 50001. */
    public static Principal personOrScope(ServerRequest request, String scope) {
        Principal caller = Principals.of(request);
        if (caller.isBot()) {
            throw ApiErrors.botsNotAllowed();
        }
        if (caller.isOAuth2() && !caller.hasScope(scope)) {
            throw ApiErrors.missingAccess();
        }
        return caller;
    }

    /** Only an application a person granted {@code scope} (headless sessions are the application's). */
    public static Principal application(ServerRequest request, String scope) {
        Principal caller = personOrScope(request, scope);
        if (!caller.isOAuth2()) {
            throw ApiErrors.missingAccess();
        }
        return caller;
    }
}
