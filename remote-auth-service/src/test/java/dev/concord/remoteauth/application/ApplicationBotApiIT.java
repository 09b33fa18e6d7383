package dev.concord.remoteauth.application;

import static dev.concord.remoteauth.application.Applications.errorAt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.remoteauth.support.Accounts.Account;
import dev.concord.remoteauth.support.Api.Response;
import dev.concord.remoteauth.support.ApiTestSupport;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** An application's bot and secrets: the bot user, its tokens, the client secret, the interactions endpoint. */
class ApplicationBotApiIT extends ApiTestSupport {

    private Applications applications;

    @BeforeAll
    void helpers() {
        applications = new Applications(api);
    }

    @Test
    void addsABotUserWhoseTokenReadsItsApplication() {
        Account owner = accounts.register();
        String id = applications.create(owner.token(), "Helper Bot").path("id").asString();

        String token = applications.addBot(owner.token(), id);

        JsonNode application = api.get("/applications/" + id, owner.token()).body();
        JsonNode bot = application.path("bot");
        assertThat(bot.path("username").asString()).isEqualTo("Helper Bot");
        assertThat(bot.path("discriminator").asString()).matches("[0-9]{4}");
        assertThat(bot.path("bot").asBoolean()).isTrue();
        assertThat(application.path("bot_public").asBoolean()).isTrue();
        assertThat(application.path("summary").isString())
                .as("deprecated but still sent; Discord4J requires it")
                .isTrue();
        assertThat(rows.user(bot.path("id").asString()))
                .containsEntry("bot", true)
                .containsEntry("password_hash", null)
                .containsEntry("email", null);
        assertThat(rows.one("SELECT bot_user_id FROM applications WHERE id = :id", id))
                .containsEntry("bot_user_id", Long.parseLong(bot.path("id").asString()));
        Response asBot = api.get("/applications/@me", token);
        assertThat(asBot.status()).isEqualTo(200);
        assertThat(asBot.body()).isEqualTo(application);
        assertThat(api.get("/oauth2/applications/@me", token).body()).isEqualTo(application);
        assertThat(api.get("/users/@me", token).body().path("id").asString())
                .isEqualTo(bot.path("id").asString());
        awaitEvent(e -> e.path("type").asString().equals("USER_CREATE")
                && e.path("data").path("id").asString().equals(bot.path("id").asString())
                && e.path("data").path("bot").asBoolean());
        awaitEvent(e -> e.path("type").asString().equals("APPLICATION_UPDATE")
                && e.path("data")
                        .path("bot")
                        .path("id")
                        .asString("")
                        .equals(bot.path("id").asString()));

        Response again = api.post("/applications/" + id + "/bot", owner.token(), Map.of());
        assertThat(errorAt(again)).isEqualTo("APPLICATION_BOT_ALREADY_EXISTS");
    }

    @Test
    void botsNamedAlikeGetDifferentTags() {
        Account owner = accounts.register();
        String first = applications.create(owner.token(), "Twin").path("id").asString();
        String second = applications.create(owner.token(), "Twin").path("id").asString();
        applications.addBot(owner.token(), first);
        applications.addBot(owner.token(), second);

        JsonNode one = api.get("/applications/" + first, owner.token()).body().path("bot");
        JsonNode two = api.get("/applications/" + second, owner.token()).body().path("bot");
        assertThat(one.path("username").asString())
                .isEqualTo(two.path("username").asString());
        assertThat(one.path("discriminator").asString())
                .isNotEqualTo(two.path("discriminator").asString());
    }

    @Test
    void aBotChangesItsOwnApplication() {
        Account owner = accounts.register();
        String id =
                applications.create(owner.token(), "Self Editing").path("id").asString();
        String token = applications.addBot(owner.token(), id);

        Response changed = api.patch("/applications/@me", token, Map.of("description", "Edited by the bot"));

        assertThat(changed.status()).isEqualTo(200);
        assertThat(rows.one("SELECT description FROM applications WHERE id = :id", id))
                .containsEntry("description", "Edited by the bot");
    }

    @Test
    void resettingTheBotTokenEndsTheOldOne() {
        Account owner = accounts.register();
        String id = applications.create(owner.token(), "Rotating").path("id").asString();
        String old = applications.addBot(owner.token(), id);

        Response reset = api.post("/applications/" + id + "/bot/reset", owner.token(), Map.of());

        assertThat(reset.status()).isEqualTo(200);
        String fresh = "Bot " + reset.body().path("token").asString();
        assertThat(fresh).isNotEqualTo(old);
        assertThat(api.get("/applications/@me", fresh).status()).isEqualTo(200);
        assertThat(api.get("/applications/@me", old).status()).isEqualTo(401);
    }

    @Test
    void resettingTheSecretShowsItOnceAndKeepsItsDigest() throws Exception {
        Account owner = accounts.register();
        String id = applications.create(owner.token(), "Secretive").path("id").asString();

        Response reset = api.post("/applications/" + id + "/reset", owner.token(), Map.of());

        assertThat(reset.status()).isEqualTo(200);
        String secret = reset.body().path("secret").asString();
        assertThat(secret).matches("[A-Za-z0-9_-]{32}");
        ByteBuffer stored = (ByteBuffer) rows.one("SELECT client_secret_sha256 FROM applications WHERE id = :id", id)
                .get("client_secret_sha256");
        byte[] expected = MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8));
        assertThat(stored).isEqualTo(ByteBuffer.wrap(expected));
        assertThat(api.get("/applications/" + id, owner.token()).body().toString())
                .doesNotContain(secret);
    }

    @Test
    void deletingTheApplicationEndsItsBotsTokens() {
        Account owner = accounts.register();
        String id = applications.create(owner.token(), "Doomed").path("id").asString();
        String token = applications.addBot(owner.token(), id);

        assertThat(api.post("/applications/" + id + "/delete", owner.token(), Map.of())
                        .status())
                .isEqualTo(204);

        assertThat(api.get("/users/@me", token).status()).isEqualTo(401);
        awaitEvent(e -> e.path("type").asString().equals("APPLICATION_DELETE")
                && e.path("data").path("id").asString().equals(id)
                && !e.path("data").path("bot_user_id").isNull());
    }

    @Test
    void acceptsAnInteractionsEndpointThatChecksSignatures() throws Exception {
        Account owner = accounts.register();
        JsonNode created = applications.create(owner.token(), "Interactive");
        String id = created.path("id").asString();
        try (InteractionsEndpointStub endpoint = new InteractionsEndpointStub(false)) {
            endpoint.trust(created.path("verify_key").asString());

            Response changed = api.patch(
                    "/applications/" + id, owner.token(), Map.of("interactions_endpoint_url", endpoint.url()));

            assertThat(changed.status()).as("%s", changed.body()).isEqualTo(200);
            assertThat(changed.body().path("interactions_endpoint_url").asString())
                    .isEqualTo(endpoint.url());
            assertThat(endpoint.requests()).as("a signed PING and a forged one").isEqualTo(2);
            assertThat(rows.one("SELECT interactions_endpoint_url FROM applications WHERE id = :id", id))
                    .containsEntry("interactions_endpoint_url", endpoint.url());
        }
    }

    @Test
    void refusesAnEndpointThatDoesNotCheckSignatures() throws Exception {
        Account owner = accounts.register();
        JsonNode created = applications.create(owner.token(), "Careless");
        String id = created.path("id").asString();
        try (InteractionsEndpointStub careless = new InteractionsEndpointStub(true);
                InteractionsEndpointStub wrongKey = new InteractionsEndpointStub(false)) {
            wrongKey.trust(applications
                    .create(owner.token(), "Other")
                    .path("verify_key")
                    .asString());

            for (InteractionsEndpointStub endpoint : new InteractionsEndpointStub[] {careless, wrongKey}) {
                Response refused = api.patch(
                        "/applications/" + id, owner.token(), Map.of("interactions_endpoint_url", endpoint.url()));
                assertThat(errorAt(refused, "interactions_endpoint_url"))
                        .isEqualTo("APPLICATION_INTERACTIONS_ENDPOINT_URL_INVALID");
            }
            Response unreachable = api.patch(
                    "/applications/" + id, owner.token(), Map.of("interactions_endpoint_url", "http://127.0.0.1:1/x"));
            assertThat(errorAt(unreachable, "interactions_endpoint_url"))
                    .isEqualTo("APPLICATION_INTERACTIONS_ENDPOINT_URL_INVALID");
        }
        assertThat(rows.one("SELECT interactions_endpoint_url FROM applications WHERE id = :id", id))
                .containsEntry("interactions_endpoint_url", null);
    }
}
