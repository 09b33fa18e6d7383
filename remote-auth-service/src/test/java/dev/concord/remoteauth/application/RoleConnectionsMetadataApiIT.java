package dev.concord.remoteauth.application;

import static dev.concord.remoteauth.application.Applications.errorAt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.remoteauth.support.Accounts.Account;
import dev.concord.remoteauth.support.Api.Response;
import dev.concord.remoteauth.support.ApiTestSupport;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * {@code GET} / {@code PUT /applications/{id}/role-connections/metadata}: the list replaced whole by the
 * application's bot or its owner, its limits, and the event guild-service keeps it from.
 */
class RoleConnectionsMetadataApiIT extends ApiTestSupport {

    private static final String LEVEL = """
            {"type": 2, "key": "level", "name": "Level", "description": "Reached at least this level",
             "name_localizations": {"fr": "Niveau"}}""";
    private static final String VERIFIED = """
            {"type": 7, "key": "is_verified", "name": "Verified", "description": "Has verified their account"}""";

    private Applications applications;

    @BeforeAll
    void helpers() {
        applications = new Applications(api);
    }

    private record App(Account owner, String id, String bot) {}

    private App app() {
        Account owner = accounts.register();
        String id =
                applications.create(owner.token(), "Linked Roles").path("id").asString();
        return new App(owner, id, applications.addBot(owner.token(), id));
    }

    private Response put(App app, String authorization, String body) {
        return api.call(HttpMethod.PUT, path(app), authorization, body, null);
    }

    private static String path(App app) {
        return "/applications/" + app.id() + "/role-connections/metadata";
    }

    @Test
    void theBotReplacesTheListWholeAndTheOwnerReadsIt() {
        App app = app();
        assertThat(api.get(path(app), app.bot()).body().size())
                .as("none declared yet")
                .isZero();

        Response put = put(app, app.bot(), "[" + LEVEL + ", " + VERIFIED + "]");

        assertThat(put.status()).as("%s", put.body()).isEqualTo(200);
        assertThat(put.body()).isEqualTo(json("""
                [{"type": 2, "key": "level", "name": "Level", "name_localizations": {"fr": "Niveau"},
                  "description": "Reached at least this level", "description_localizations": null},
                 {"type": 7, "key": "is_verified", "name": "Verified", "name_localizations": null,
                  "description": "Has verified their account", "description_localizations": null}]"""));
        assertThat(api.get(path(app), app.owner().token()).body()).isEqualTo(put.body());
        assertThat(rows.one("SELECT role_connections_metadata::text AS m FROM applications WHERE id = :id", app.id())
                        .get("m"))
                .asString()
                .contains("\"is_verified\"");
        JsonNode event =
                awaitEvent(e -> e.path("type").asString().equals("APPLICATION_ROLE_CONNECTIONS_METADATA_UPDATE")
                        && e.path("data").path("id").asString().equals(app.id()));
        assertThat(event.path("data").path("role_connections_metadata")).isEqualTo(put.body());
        assertThat(event.path("audience").path("user_ids").size())
                .as("for services only")
                .isZero();

        Response emptied = put(app, app.owner().token(), "[]");
        assertThat(emptied.status()).isEqualTo(200);
        assertThat(api.get(path(app), app.bot()).body().size()).isZero();
    }

    @Test
    void onlyItsBotAndItsOwnerMayAndAnUnknownApplicationIs10002() {
        App app = app();
        App other = app();
        Account stranger = accounts.register();

        assertThat(api.get(path(app), null).status()).isEqualTo(401);
        assertThat(put(app, null, "[]").status()).isEqualTo(401);
        for (String caller : List.of(other.bot(), stranger.token())) {
            Response read = api.get(path(app), caller);
            assertThat(read.status()).isEqualTo(403);
            assertThat(read.body().path("code").asInt()).isEqualTo(50001);
            Response write = put(app, caller, "[" + LEVEL + "]");
            assertThat(write.status()).isEqualTo(403);
            assertThat(write.body().path("code").asInt()).isEqualTo(50001);
        }
        Response unknown = api.get("/applications/1234567890123456789/role-connections/metadata", app.bot());
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.body().path("code").asInt()).isEqualTo(10002);
        assertThat(api.get(path(app), app.bot()).body().size())
                .as("nothing written")
                .isZero();
    }

    @Test
    void everyLimitIsRefusedNamingTheFieldAndChangesNothing() {
        App app = app();
        assertThat(put(app, app.bot(), "[" + VERIFIED + "]").status()).isEqualTo(200);

        String six = String.join(
                ", ",
                List.of(1, 2, 3, 4, 5, 6).stream()
                        .map(i -> "{\"type\": 1, \"key\": \"k" + i + "\", \"name\": \"n\", \"description\": \"d\"}")
                        .toList());
        assertThat(errorAt(put(app, app.bot(), "[" + six + "]"))).isEqualTo("BASE_TYPE_MAX_LENGTH");
        Map<String, String> refusals = Map.of(
                "{\"type\": 9, \"key\": \"a\", \"name\": \"n\", \"description\": \"d\"}",
                "type",
                "{\"type\": 1, \"key\": \"Has-Caps\", \"name\": \"n\", \"description\": \"d\"}",
                "key",
                "{\"type\": 1, \"key\": \"" + "k".repeat(51) + "\", \"name\": \"n\", \"description\": \"d\"}",
                "key",
                "{\"type\": 1, \"key\": \"a\", \"name\": \"\", \"description\": \"d\"}",
                "name",
                "{\"type\": 1, \"key\": \"a\", \"name\": \"n\", \"description\": \"" + "d".repeat(201) + "\"}",
                "description",
                "{\"type\": 1, \"key\": \"a\", \"name\": \"n\"}",
                "description");
        refusals.forEach((record, field) -> assertThat(errorAt(put(app, app.bot(), "[" + record + "]"), "0", field))
                .as(record)
                .isNotNull());
        assertThat(errorAt(
                        put(
                                app,
                                app.bot(),
                                "[{\"type\": 1, \"key\": \"a\", \"name\": \"n\", \"description\": \"d\","
                                        + " \"name_localizations\": {\"xx-XX\": \"n\"}}]"),
                        "0",
                        "name_localizations",
                        "xx-XX"))
                .isEqualTo("BASE_TYPE_CHOICES");
        assertThat(errorAt(put(app, app.bot(), "[" + LEVEL + ", " + LEVEL + "]"), "1", "key"))
                .isEqualTo("APPLICATION_ROLE_CONNECTION_METADATA_DUPLICATE_KEY");
        assertThat(put(app, app.bot(), "{\"not\": \"a list\"}").status()).isEqualTo(400);

        assertThat(api.get(path(app), app.bot()).body())
                .as("each refusal changed nothing")
                .hasSize(1);
        events.awaitNone(
                e -> e.path("type").asString().equals("APPLICATION_ROLE_CONNECTIONS_METADATA_UPDATE")
                        && e.path("data").path("id").asString().equals(app.id())
                        && e.path("data").path("role_connections_metadata").size() != 1,
                Duration.ofSeconds(1));
    }
}
