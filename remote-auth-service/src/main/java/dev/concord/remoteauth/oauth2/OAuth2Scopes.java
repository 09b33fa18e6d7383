package dev.concord.remoteauth.oauth2;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** The scopes an application may ask a person for here, and reading a {@code scope} parameter. */
final class OAuth2Scopes {

    static final String IDENTIFY = "identify";
    static final String BOT = "bot";
    static final String APPLICATIONS_COMMANDS = "applications.commands";
    static final String WEBHOOK_INCOMING = "webhook.incoming";

    static final Set<String> SUPPORTED = Set.of(
            IDENTIFY,
            "email",
            "guilds",
            "guilds.members.read",
            "relationships.read",
            BOT,
            APPLICATIONS_COMMANDS,
            WEBHOOK_INCOMING);

    /** Scopes that only add a bot to a guild, which needs no code and no redirect. */
    static final Set<String> BOT_ONLY = Set.of(BOT, APPLICATIONS_COMMANDS);

    /** What client credentials may grant: the owner's own, never a person's consent-only scopes. */
    static final Set<String> CLIENT_CREDENTIALS = Set.of(IDENTIFY, "email", "guilds", APPLICATIONS_COMMANDS);

    private OAuth2Scopes() {}

    /**
     * The scopes of a space-separated {@code scope} (order kept, repeats dropped); null when it is
     * missing, empty, or names a scope not supported here.
     */
    static @Nullable List<String> parse(@Nullable String scope, Set<String> allowed) {
        if (scope == null || scope.isBlank()) {
            return null;
        }
        Set<String> scopes = new LinkedHashSet<>(Arrays.asList(scope.trim().split("\\s+")));
        return allowed.containsAll(scopes) ? List.copyOf(scopes) : null;
    }
}
