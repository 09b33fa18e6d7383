package dev.concord.remoteauth.application;

import dev.concord.platform.web.Violations;
import dev.concord.platform.web.WebUrls;
import java.net.URI;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** The limits of seed 002's application object, and the platform's for the fields it leaves out. */
final class ApplicationRules {

    static final int NAME_MIN = 2;
    static final int NAME_MAX = 32;
    static final int DESCRIPTION_MAX = 400;
    static final int MAX_REDIRECT_URIS = 10;
    static final int MAX_TAGS = 5;
    static final int TAG_MAX = 20;
    static final int MAX_RPC_ORIGINS = 10;
    static final int URL_MAX = WebUrls.MAX_LENGTH;

    /**
     * The event webhook types: the seed's three and the others the platform's API description lists;
     * interactions version 2 takes its event types from the same list.
     */
    static final Set<String> EVENT_TYPES = Set.of(
            "APPLICATION_AUTHORIZED",
            "APPLICATION_DEAUTHORIZED",
            "ENTITLEMENT_CREATE",
            "ENTITLEMENT_DELETE",
            "ENTITLEMENT_UPDATE",
            "GAME_DIRECT_MESSAGE_CREATE",
            "GAME_DIRECT_MESSAGE_DELETE",
            "GAME_DIRECT_MESSAGE_UPDATE",
            "LOBBY_MESSAGE_CREATE",
            "LOBBY_MESSAGE_DELETE",
            "LOBBY_MESSAGE_UPDATE",
            "QUEST_USER_ENROLLMENT");

    private ApplicationRules() {}

    static void name(Violations violations, @Nullable String name) {
        violations.length("name", name, NAME_MIN, NAME_MAX);
        if (name != null && name.isBlank()) {
            violations.add(
                    "name", "BASE_TYPE_BAD_LENGTH", "Must be between " + NAME_MIN + " and " + NAME_MAX + " in length.");
        }
    }

    static void tags(Violations violations, @Nullable List<String> tags) {
        violations.maxItems("tags", tags, MAX_TAGS);
        eachLength(violations.at("tags"), tags, 1, TAG_MAX);
    }

    /** OAuth2 redirect URIs: absolute, with a scheme (mobile apps use their own), no fragment. */
    static void redirectUris(Violations violations, @Nullable List<String> uris) {
        violations.maxItems("redirect_uris", uris, MAX_REDIRECT_URIS);
        if (uris == null) {
            return;
        }
        Violations each = violations.at("redirect_uris");
        for (int i = 0; i < uris.size(); i++) {
            URI uri = WebUrls.parse(uris.get(i));
            if (uri == null
                    || uri.getScheme() == null
                    || uri.getFragment() != null
                    || uris.get(i).length() > URL_MAX
                    || (WebUrls.isWeb(uri) && uri.getHost() == null)) {
                each.add(Integer.toString(i), "URL_TYPE_INVALID_URL", "Not a well formed URL.");
            }
        }
    }

    static void rpcOrigins(Violations violations, @Nullable List<String> origins) {
        violations.maxItems("rpc_origins", origins, MAX_RPC_ORIGINS);
        if (origins == null) {
            return;
        }
        for (int i = 0; i < origins.size(); i++) {
            webUrl(violations.at("rpc_origins"), Integer.toString(i), origins.get(i));
        }
    }

    /** An http(s) URL with a host, as the platform takes for every link an application shows. */
    static void webUrl(Violations violations, String field, @Nullable String url) {
        WebUrls.check(violations, field, url);
    }

    static void eventTypes(Violations violations, String field, @Nullable List<String> types) {
        if (types == null) {
            return;
        }
        for (int i = 0; i < types.size(); i++) {
            violations
                    .at(field)
                    .oneOf(
                            Integer.toString(i),
                            types.get(i),
                            EVENT_TYPES.stream().sorted().toList());
        }
    }

    private static void eachLength(Violations violations, @Nullable List<String> values, int min, int max) {
        if (values == null) {
            return;
        }
        for (int i = 0; i < values.size(); i++) {
            violations.length(Integer.toString(i), values.get(i), min, max);
        }
    }
}
