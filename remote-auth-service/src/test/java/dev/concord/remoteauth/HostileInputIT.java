package dev.concord.remoteauth;

import dev.concord.platform.auth.AuthSettings;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.hostile.HostileInputSuite;
import dev.concord.platform.test.hostile.StoredState;
import dev.concord.platform.web.RouteCatalog;
import dev.concord.remoteauth.support.Accounts.Account;
import dev.concord.remoteauth.support.ApiTestSupport;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.json.JsonMapper;

/** Every remote-auth-service route, as its route catalog lists them, called with hostile input (see {@link HostileInputSuite}). */
class HostileInputIT extends ApiTestSupport {

    @Autowired
    RouteCatalog routes;

    @Autowired
    JsonMapper mapper;

    @Autowired
    AuthSettings auth;

    @Test
    void everyRouteRefusesHostileInputCleanly() {
        Account owner = accounts.register();
        Account stranger = accounts.register();
        String application = api.post("/applications", owner.token(), Map.of("name", "Hostile Target"))
                .body()
                .path("id")
                .asString();
        api.post("/applications/" + application + "/bot", owner.token(), Map.of());

        HostileInputSuite.of("remote-auth-service", routes, port, mapper)
                .callers(tokens, Snowflake.parse(owner.id()), Snowflake.parse(stranger.id()))
                .publicPaths(auth.publicPaths())
                .pathValue("user_id", owner.id())
                .pathValue("fingerprint", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")
                .pathValue("file", "desktop.js")
                .pathValue("application_id", application)
                .validBody(
                        "POST /internal/applications/{application_id}/interactions",
                        "{\"id\": \"1\", \"application_id\": \"" + application + "\", \"type\": 3, \"token\": \"t\"}")
                .validBody(
                        "POST /auth/login", "{\"login\": \"" + owner.email() + "\", \"password\": \"wrong password\"}")
                .peopleOnly()
                .botsMay("GET /users/@me", "a bot reads its own user")
                .botsMay("GET /users/{user_id}", "anyone may look a user up")
                .oauthMay("GET /users/{user_id}", "any kind of token may look users up (UserHandler)")
                .othersMay("GET /users/{user_id}", "anyone may look a user up")
                .botsMay("GET /applications/@me", "a bot reads its own application")
                .botsMay("PATCH /applications/@me", "a bot changes its own application")
                .botsMay("GET /oauth2/applications/@me", "a bot reads its own application")
                .botsMay("GET /applications/{application_id}/public", "anyone may read the partial application")
                .botsMay("GET /applications/{application_id}/rpc", "anyone may read the partial application")
                .oauthMay("GET /applications/{application_id}/public", "anyone may read the partial application")
                .oauthMay("GET /applications/{application_id}/rpc", "anyone may read the partial application")
                .othersMay("GET /applications/{application_id}/public", "anyone may read the partial application")
                .othersMay("GET /applications/{application_id}/rpc", "anyone may read the partial application")
                .storedState(StoredState.of(db))
                .run()
                .assertNoFailures();
    }
}
