package dev.concord.remoteauth.application;

import static dev.concord.remoteauth.application.Applications.errorAt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.remoteauth.support.Accounts.Account;
import dev.concord.remoteauth.support.Api.Response;
import dev.concord.remoteauth.support.ApiTestSupport;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Applications: create, list, read, change and delete, as the owner; everyone else refused. */
class ApplicationApiIT extends ApiTestSupport {

    static final byte[] PNG = {
        (byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R', 0, 0, 0, 1
    };

    private Applications applications;

    @BeforeAll
    void helpers() {
        applications = new Applications(api);
    }

    @Test
    void createsTheApplicationWithItsOwnKeyPairAndAnnouncesIt() {
        Account owner = accounts.register();

        Response created =
                api.post("/applications", owner.token(), Map.of("name", "Weather Bot", "description", "Forecasts"));

        assertThat(created.status()).isEqualTo(201);
        JsonNode application = created.body();
        String id = application.path("id").asString();
        assertThat(created.headers().getLocation()).hasToString("/applications/" + id);
        assertThat(application.path("name").asString()).isEqualTo("Weather Bot");
        assertThat(application.path("description").asString()).isEqualTo("Forecasts");
        assertThat(application.path("verify_key").asString()).matches("[0-9a-f]{64}");
        assertThat(application.path("owner").path("id").asString()).isEqualTo(owner.id());
        assertThat(application.path("flags").asLong()).isZero();
        assertThat(application.path("redirect_uris").isArray()).isTrue();
        assertThat(application.path("integration_types_config")).isEqualTo(json("{\"0\":{}}"));
        assertThat(application.path("interactions_endpoint_url").isNull()).isTrue();
        assertThat(application.path("discovery_eligibility_flags").asLong())
                .isEqualTo(DiscoveryEligibility.DESCRIPTION);
        assertThat(application.has("bot")).isFalse();
        assertThat(application.path("team").isNull()).isTrue();
        assertThat(rows.one("SELECT * FROM applications WHERE id = :id", id))
                .containsEntry("owner_id", Long.parseLong(owner.id()))
                .containsEntry("verify_key", application.path("verify_key").asString());
        JsonNode event = awaitEvent(e -> e.path("type").asString().equals("APPLICATION_CREATE")
                && e.path("data").path("id").asString().equals(id));
        assertThat(event.path("audience").path("user_ids")).isEmpty();
        assertThat(event.path("data"))
                .isEqualTo(api.get("/applications/" + id, owner.token()).body());
    }

    @Test
    void eachApplicationHasItsOwnVerifyKey() {
        Account owner = accounts.register();
        String first =
                applications.create(owner.token(), "First").path("verify_key").asString();
        String second =
                applications.create(owner.token(), "Second").path("verify_key").asString();
        assertThat(first).isNotEqualTo(second);
    }

    @Test
    void listsOnlyTheCallersApplications() {
        Account owner = accounts.register();
        Account other = accounts.register();
        String mine = applications.create(owner.token(), "Mine").path("id").asString();
        applications.create(other.token(), "Theirs");

        Response list = api.get("/applications", owner.token());

        assertThat(list.status()).isEqualTo(200);
        assertThat(list.body()
                        .valueStream()
                        .map(app -> app.path("id").asString())
                        .toList())
                .containsExactly(mine);
    }

    @Test
    void onlyTheOwnerReadsChangesOrDeletes() {
        Account owner = accounts.register();
        Account stranger = accounts.register();
        String id = applications.create(owner.token(), "Private").path("id").asString();

        for (Response refused : List.of(
                api.get("/applications/" + id, stranger.token()),
                api.patch("/applications/" + id, stranger.token(), Map.of("name", "Taken")),
                api.post("/applications/" + id + "/delete", stranger.token(), Map.of()),
                api.post("/applications/" + id + "/bot", stranger.token(), Map.of()),
                api.post("/applications/" + id + "/reset", stranger.token(), Map.of()))) {
            assertThat(refused.status()).as("%s", refused.body()).isEqualTo(403);
            assertThat(refused.body().path("code").asInt()).isEqualTo(50001);
        }
        assertThat(rows.one("SELECT name, bot_user_id FROM applications WHERE id = :id", id))
                .containsEntry("name", "Private")
                .containsEntry("bot_user_id", null);
    }

    @Test
    void unknownApplicationsAre10002() {
        Account owner = accounts.register();
        for (String id : List.of("1", "not-a-number")) {
            Response missing = api.get("/applications/" + id, owner.token());
            assertThat(missing.status()).isEqualTo(404);
            assertThat(missing.body().path("code").asInt()).isEqualTo(10002);
        }
    }

    @Test
    void needsAToken() {
        assertThat(api.get("/applications", null).status()).isEqualTo(401);
        assertThat(api.post("/applications", null, Map.of("name", "Anonymous")).status())
                .isEqualTo(401);
        assertThat(api.get("/applications/1/public", null).status()).isEqualTo(401);
    }

    @Test
    void botsAndOAuth2TokensDoNotManageApplications() {
        Snowflake someone = Snowflake.of(42);
        assertThat(api.post("/applications", botToken(someone), Map.of("name", "Nested"))
                        .status())
                .isEqualTo(403);
        assertThat(api.get("/applications", oauthToken(someone, "identify")).status())
                .isEqualTo(403);
        assertThat(api.get("/applications/@me", userToken(someone)).status()).isEqualTo(403);
    }

    @Test
    void changesFieldsAndAnnouncesTheApplication() {
        Account owner = accounts.register();
        String id = applications.create(owner.token(), "Changing").path("id").asString();
        Map<String, Object> patch = new HashMap<>();
        patch.put("description", "Now described");
        patch.put("tags", List.of("weather", "tools"));
        patch.put("redirect_uris", List.of("https://example.org/callback", "myapp://oauth"));
        patch.put(
                "flags",
                ApplicationFlags.GATEWAY_MESSAGE_CONTENT_LIMITED | ApplicationFlags.GATEWAY_GUILD_MEMBERS_LIMITED);
        patch.put("terms_of_service_url", "https://example.org/terms");
        patch.put("install_params", Map.of("scopes", List.of("bot", "applications.commands"), "permissions", "2048"));
        patch.put("icon", "data:image/png;base64," + Base64.getEncoder().encodeToString(PNG));
        patch.put("interactions_version", 2);
        patch.put("type", ModifyApplicationRequest.CREATOR_MONETIZATION);
        patch.put("interactions_event_types", List.of("APPLICATION_AUTHORIZED"));

        Response changed = api.patch("/applications/" + id, owner.token(), patch);

        assertThat(changed.status()).as("%s", changed.body()).isEqualTo(200);
        JsonNode body = changed.body();
        assertThat(body.path("description").asString()).isEqualTo("Now described");
        assertThat(body.path("tags")).isEqualTo(json("[\"weather\",\"tools\"]"));
        assertThat(body.path("type").asInt()).isEqualTo(4);
        assertThat(body.path("redirect_uris").size()).isEqualTo(2);
        assertThat(body.path("flags").asLong()).isEqualTo((1L << 19) | (1L << 15));
        assertThat(body.path("install_params"))
                .isEqualTo(json("{\"scopes\":[\"bot\",\"applications.commands\"],\"permissions\":\"2048\"}"));
        assertThat(body.path("icon").asString()).matches("[0-9a-f]{32}");
        assertThat(body.path("discovery_eligibility_flags").asLong())
                .isEqualTo(DiscoveryEligibility.TAG
                        | DiscoveryEligibility.DESCRIPTION
                        | DiscoveryEligibility.TERMS_OF_SERVICE
                        | DiscoveryEligibility.INSTALL_PARAMS);
        assertThat(rows.one("SELECT hash FROM application_images WHERE application_id = :id AND kind = 'icon'", id))
                .containsEntry("hash", body.path("icon").asString());
        assertThat(rows.one("SELECT description, flags FROM applications WHERE id = :id", id))
                .containsEntry("description", "Now described")
                .containsEntry("flags", (1L << 19) | (1L << 15));
        JsonNode event = awaitEvent(e -> e.path("type").asString().equals("APPLICATION_UPDATE")
                && e.path("data").path("id").asString().equals(id)
                && e.path("data").path("description").asString("").equals("Now described"));
        assertThat(event.path("data")).isEqualTo(body);

        Map<String, Object> clear = new HashMap<>();
        clear.put("icon", null);
        clear.put("terms_of_service_url", null);
        Response cleared = api.patch("/applications/" + id, owner.token(), clear);
        assertThat(cleared.body().path("icon").isNull()).isTrue();
        assertThat(cleared.body().has("terms_of_service_url")).isFalse();
        assertThat(cleared.body().path("tags").size()).isEqualTo(2);
    }

    @Test
    void refusesEachBrokenLimitNamingTheFieldAndChangesNothing() {
        Account owner = accounts.register();
        String id = applications.create(owner.token(), "Limits").path("id").asString();
        String path = "/applications/" + id;

        assertThat(errorAt(api.patch(path, owner.token(), Map.of("name", "x")), "name"))
                .isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(errorAt(api.patch(path, owner.token(), Map.of("name", "n".repeat(33))), "name"))
                .isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(errorAt(api.patch(path, owner.token(), Map.of("description", "d".repeat(401))), "description"))
                .isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(errorAt(
                        api.patch(path, owner.token(), Map.of("tags", List.of("a", "b", "c", "d", "e", "f"))), "tags"))
                .isEqualTo("BASE_TYPE_MAX_LENGTH");
        assertThat(errorAt(api.patch(path, owner.token(), Map.of("tags", List.of("t".repeat(21)))), "tags", "0"))
                .isEqualTo("BASE_TYPE_BAD_LENGTH");
        List<String> eleven =
                IntStream.range(0, 11).mapToObj(i -> "https://example.org/" + i).toList();
        assertThat(errorAt(api.patch(path, owner.token(), Map.of("redirect_uris", eleven)), "redirect_uris"))
                .isEqualTo("BASE_TYPE_MAX_LENGTH");
        assertThat(errorAt(
                        api.patch(path, owner.token(), Map.of("redirect_uris", List.of("not a url"))),
                        "redirect_uris",
                        "0"))
                .isEqualTo("URL_TYPE_INVALID_URL");
        assertThat(errorAt(
                        api.patch(path, owner.token(), Map.of("terms_of_service_url", "ftp://example.org")),
                        "terms_of_service_url"))
                .isEqualTo("URL_TYPE_INVALID_URL");
        assertThat(errorAt(api.patch(path, owner.token(), Map.of("flags", ApplicationFlags.GATEWAY_PRESENCE)), "flags"))
                .isEqualTo("BASE_TYPE_BAD_FLAGS");
        assertThat(errorAt(api.patch(path, owner.token(), Map.of("interactions_version", 3)), "interactions_version"))
                .isEqualTo("BASE_TYPE_CHOICES");
        assertThat(errorAt(
                        api.patch(
                                path,
                                owner.token(),
                                Map.of("interactions_event_types", List.of("APPLICATION_AUTHORIZED"))),
                        "interactions_event_types"))
                .isEqualTo("APPLICATION_INTERACTIONS_VERSION_REQUIRED");
        assertThat(errorAt(api.patch(path, owner.token(), Map.of("event_webhooks_status", 2)), "event_webhooks_url"))
                .isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(errorAt(
                        api.patch(
                                path,
                                owner.token(),
                                Map.of("install_params", Map.of("scopes", List.of("identify"), "permissions", "8"))),
                        "install_params",
                        "permissions"))
                .isEqualTo("APPLICATION_INSTALL_PARAMS_PERMISSIONS_WITHOUT_BOT");
        assertThat(errorAt(
                        api.patch(path, owner.token(), Map.of("integration_types_config", Map.of("7", Map.of()))),
                        "integration_types_config",
                        "7"))
                .isEqualTo("APPLICATION_INTEGRATION_TYPE_INVALID");
        assertThat(errorAt(api.patch(path, owner.token(), Map.of("icon", "https://example.org/icon.png")), "icon"))
                .isEqualTo("IMAGE_INVALID");
        assertThat(errorAt(api.patch(path, owner.token(), Map.of("type", 1)), "type"))
                .isEqualTo("BASE_TYPE_CHOICES");
        assertThat(errorAt(api.patch(path, owner.token(), Map.of("flags", "many")), "flags"))
                .isEqualTo("NUMBER_TYPE_COERCE");

        assertThat(rows.one("SELECT name, description, tags, flags FROM applications WHERE id = :id", id))
                .containsEntry("name", "Limits")
                .containsEntry("description", "")
                .containsEntry("flags", 0L);
    }

    @Test
    void refusesABadCreationAndStoresNothing() {
        Account owner = accounts.register();
        assertThat(errorAt(api.post("/applications", owner.token(), Map.of()), "name"))
                .isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(errorAt(api.post("/applications", owner.token(), Map.of("name", " ")), "name"))
                .isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(errorAt(
                        api.post("/applications", owner.token(), Map.of("name", "Teamed", "team_id", "5")), "team_id"))
                .isEqualTo("TEAM_NOT_FOUND");
        assertThat(rows.count("SELECT count(*) FROM applications WHERE owner_id = " + owner.id()))
                .isZero();
    }

    @Test
    void anyoneReadsThePartialWithoutPrivateFields() {
        Account owner = accounts.register();
        Account reader = accounts.register();
        String id = applications.create(owner.token(), "Public Face").path("id").asString();

        Response partial = api.get("/applications/" + id + "/public", reader.token());
        Response rpc = api.get("/applications/" + id + "/rpc", reader.token());

        assertThat(partial.status()).isEqualTo(200);
        assertThat(partial.body()).isEqualTo(rpc.body());
        assertThat(partial.body().path("name").asString()).isEqualTo("Public Face");
        assertThat(partial.body().has("owner")).isFalse();
        assertThat(partial.body().has("redirect_uris")).isFalse();
        assertThat(partial.body().has("interactions_endpoint_url")).isFalse();
        assertThat(partial.body().path("verify_key").asString()).matches("[0-9a-f]{64}");
    }

    @Test
    void deletingRemovesItAndAnnouncesIt() {
        Account owner = accounts.register();
        String id = applications.create(owner.token(), "Short Lived").path("id").asString();

        Response deleted = api.post("/applications/" + id + "/delete", owner.token(), Map.of());

        assertThat(deleted.status()).isEqualTo(204);
        assertThat(rows.one("SELECT * FROM applications WHERE id = :id", id)).isNull();
        assertThat(api.get("/applications/" + id, owner.token()).status()).isEqualTo(404);
        JsonNode event = awaitEvent(e -> e.path("type").asString().equals("APPLICATION_DELETE")
                && e.path("data").path("id").asString().equals(id));
        assertThat(event.path("data").path("bot_user_id").isNull()).isTrue();
    }
}
