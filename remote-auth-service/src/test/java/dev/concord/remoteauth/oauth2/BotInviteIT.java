package dev.concord.remoteauth.oauth2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.GuildServiceFake;
import dev.concord.remoteauth.support.Accounts.Account;
import dev.concord.remoteauth.support.Api.Response;
import dev.concord.remoteauth.support.ApiTestSupport;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * OAuth2's {@code bot} scope: a person adds an application's bot to a guild they manage, through
 * guild-service's internal API (a fake on loopback with its rules); the consent screen lists the guilds.
 */
class BotInviteIT extends ApiTestSupport {

    /** Shared by the class's tests (and kept for the JVM: its threads are daemons). */
    static final GuildServiceFake GUILD_SERVICE = GuildServiceFake.start();

    private static final AtomicLong GUILDS = new AtomicLong(81_000);
    private static final String REDIRECT = "https://app.example/callback";
    private static final long SEND = Permission.SEND_MESSAGES.bit();

    @DynamicPropertySource
    static void guildService(DynamicPropertyRegistry registry) {
        registry.add("concord.guilds.base-url", GUILD_SERVICE::url);
    }

    private Account developer;
    private Account person;
    private String clientId;
    private String botId;
    private long guildId;

    @BeforeEach
    void applicationWithABotAndAGuild() {
        developer = accounts.register();
        person = accounts.register();
        clientId = api.post(
                        "/applications",
                        developer.token(),
                        Map.of("name", "Helper App", "redirect_uris", List.of(REDIRECT)))
                .body()
                .path("id")
                .asString();
        api.post("/applications/" + clientId + "/bot", developer.token(), Map.of());
        botId = api.get("/applications/" + clientId, developer.token())
                .body()
                .path("bot")
                .path("id")
                .asString();
        guildId = GUILDS.incrementAndGet();
        GUILD_SERVICE.guild(guildId, Long.parseLong(person.id()));
    }

    @Test
    void theConsentScreenShowsTheBotAndTheGuildsThePersonManages() {
        long elsewhere = GUILDS.incrementAndGet();
        GUILD_SERVICE.guild(elsewhere, 1).member(Long.parseLong(person.id()), SEND);

        Response screen =
                api.get("/oauth2/authorize?client_id=" + clientId + "&scope=bot&permissions=2048", person.token());

        assertThat(screen.status()).as("%s", screen.body()).isEqualTo(200);
        assertThat(screen.body().path("bot").path("id").asString()).isEqualTo(botId);
        assertThat(screen.body().path("bot").path("bot").asBoolean()).isTrue();
        assertThat(screen.body().path("guilds").valueStream().map(g -> g.path("id")
                        .asString()))
                .contains(Long.toString(guildId))
                .doesNotContain(Long.toString(elsewhere));
        assertThat(screen.body().has("redirect_uri")).as("no code, no redirect").isFalse();
    }

    @Test
    void consentAddsTheBotWithThePermissionsGranted() {
        Response decided = api.post(
                "/oauth2/authorize?client_id=" + clientId + "&scope=bot applications.commands",
                person.token(),
                Map.of("authorize", true, "guild_id", Long.toString(guildId), "permissions", Long.toString(SEND)));

        assertThat(decided.status()).as("%s", decided.body()).isEqualTo(200);
        assertThat(decided.body().path("location").asString()).isEqualTo("/oauth2/authorized");
        JsonNode sent = GUILD_SERVICE
                .requestsTo("/internal/guilds/" + guildId + "/bots")
                .get(0)
                .body();
        assertThat(sent.path("user_id").asString()).isEqualTo(person.id());
        assertThat(sent.path("permissions").asString()).isEqualTo(Long.toString(SEND));
        assertThat(sent.path("scopes").valueStream().map(JsonNode::asString))
                .containsExactly("bot", "applications.commands");
        assertThat(sent.path("application").path("id").asString()).isEqualTo(clientId);
        assertThat(sent.path("application").path("name").asString()).isEqualTo("Helper App");
        assertThat(sent.path("application").path("bot_id").asString()).isEqualTo(botId);
        assertThat(sent.path("application").path("is_verified").isBoolean())
                .as("what the integration shows of the application's states")
                .isTrue();
        assertThat(sent.path("application").path("is_monetized").asBoolean(true))
                .isFalse();
        assertThat(sent.path("application").has("role_connections_verification_url"))
                .isTrue();
    }

    @Test
    void aBotWithOtherScopesGoesBackWithACodeAndTheGuild() {
        Response decided = api.post(
                "/oauth2/authorize?client_id=" + clientId + "&response_type=code&scope=bot identify&redirect_uri="
                        + REDIRECT + "&guild_id=" + guildId + "&permissions=0&state=abc",
                person.token(),
                Map.of("authorize", true));

        String location = decided.body().path("location").asString();
        assertThat(location).startsWith(REDIRECT + "?code=");
        assertThat(location)
                .contains("&guild_id=" + guildId)
                .contains("&permissions=0")
                .contains("&state=abc");
        assertThat(GUILD_SERVICE.requestsTo("/internal/guilds/" + guildId + "/bots"))
                .hasSize(1);
        String secret = api.post("/applications/" + clientId + "/reset", developer.token(), Map.of())
                .body()
                .path("secret")
                .asString();
        String code = location.replaceFirst(".*[?&]code=([^&]+).*", "$1");
        JsonNode tokens = client.post()
                .uri("/oauth2/token")
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .headers(headers -> headers.setBasicAuth(clientId, secret))
                .bodyValue("grant_type=authorization_code&code=" + code + "&redirect_uri=" + REDIRECT)
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody();
        assertThat(tokens.path("guild").path("id").asString())
                .as("the guild the bot was added to, as guild-service answered it: %s", tokens)
                .isEqualTo(Long.toString(guildId));
        assertThat(tokens.path("scope").asString()).isEqualTo("bot identify");
    }

    @Test
    void refusalsComeBeforeAnythingIsAdded() {
        Account member = accounts.register();
        GUILD_SERVICE.guild(guildId, Long.parseLong(person.id())).member(Long.parseLong(member.id()), SEND);
        String link = "/oauth2/authorize?client_id=" + clientId + "&scope=bot";

        Response notManager =
                api.post(link, member.token(), Map.of("authorize", true, "guild_id", Long.toString(guildId)));
        Response noGuild = api.post(link, person.token(), Map.of("authorize", true));
        Response badPermissions = api.post(
                link,
                person.token(),
                Map.of("authorize", true, "guild_id", Long.toString(guildId), "permissions", "-8"));
        Response denied = api.post(link, person.token(), Map.of("authorize", false));

        assertThat(notManager.status()).isEqualTo(403);
        assertThat(notManager.body().path("code").asInt()).isEqualTo(50013);
        assertThat(noGuild.errorCode("guild_id")).isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(badPermissions.errorCode("permissions")).isEqualTo("NUMBER_TYPE_COERCE");
        assertThat(denied.body().path("location").asString()).isEqualTo("/oauth2/authorized");
        assertThat(GUILD_SERVICE.requestsTo("/internal/guilds/" + guildId + "/bots"))
                .as("only the member's attempt reached guild-service, which refused it")
                .hasSize(1);
    }

    @Test
    void aPrivateBotIsTheOwnersAndAnApplicationWithoutABotHasNoBotToAdd() {
        api.patch("/applications/" + clientId, developer.token(), Map.of("bot_public", false));
        String botless = api.post("/applications", developer.token(), Map.of("name", "No Bot"))
                .body()
                .path("id")
                .asString();

        Response privateBot = api.get("/oauth2/authorize?client_id=" + clientId + "&scope=bot", person.token());
        Response ownBot = api.get("/oauth2/authorize?client_id=" + clientId + "&scope=bot", developer.token());
        Response noBot = api.get("/oauth2/authorize?client_id=" + botless + "&scope=bot", person.token());

        assertThat(privateBot.status()).isEqualTo(403);
        assertThat(privateBot.body().path("code").asInt()).isEqualTo(50013);
        assertThat(ownBot.status()).isEqualTo(200);
        assertThat(noBot.errorCode("scope")).isEqualTo("OAUTH2_BOT_MISSING");
    }
}
