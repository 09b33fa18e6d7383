package dev.concord.social;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.auth.AuthSettings;
import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestTokenKeys;
import dev.concord.platform.test.hostile.HostileInputSuite;
import dev.concord.platform.test.hostile.StoredState;
import dev.concord.platform.web.RouteCatalog;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.json.JsonMapper;

/** Every social-service route, as its route catalog lists them, called with hostile input (see {@link HostileInputSuite}). */
class HostileInputIT extends SocialApiSupport {

    @Autowired
    RouteCatalog routes;

    @Autowired
    JsonMapper mapper;

    @Autowired
    AuthSettings auth;

    @Test
    void everyRouteRefusesHostileInputCleanly() {
        Snowflake owner = newKnownUser();
        Snowflake stranger = newKnownUser();
        Snowflake friend = newKnownUser();
        Response snapshot = as(owner, HttpMethod.POST, "/users/@me/notification-settings/snapshots", "{}");
        assertThat(snapshot.status()).as("snapshot %s", snapshot.body()).isEqualTo(200);

        HostileInputSuite.of("social-service", routes, port, mapper)
                .callers(tokens, owner, stranger)
                .internalAuthorization(InternalCredential.header(TestTokenKeys.internalSecret()))
                .publicPaths(auth.publicPaths())
                .pathValue("user_id", friend.asString())
                .pathValue("guild_id", "81384788765712384")
                .pathValue("application_id", "1")
                .pathValue(
                        "snapshot_id",
                        Objects.requireNonNull(snapshot.body()).get(0).get("id").asString())
                .pathValue("platform", "contacts")
                .validBody("POST /users/@me/relationships", "{\"username\": \"u" + friend.asString() + "\"}")
                .peopleOnly()
                .uncheckedId(
                        "application_id",
                        "applications live in remote-auth-service and are not built yet; a game relationship"
                                + " may name any application id until they are")
                .othersMay(
                        "DELETE /friend-suggestions/{user_id}",
                        "dismisses a suggestion made to the caller: the id names the suggested user, not the owner's")
                .storedState(StoredState.of(db))
                .run()
                .assertNoFailures();
    }
}
