package dev.concord.remoteauth.oauth2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.test.GuildServiceFake;
import dev.concord.remoteauth.support.Accounts.Account;
import dev.concord.remoteauth.support.Api.Response;
import dev.concord.remoteauth.support.ApiTestSupport;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * OAuth2's {@code applications.commands} with a {@code channel_id}: a person adds an application to a group
 * DM they are in, through guild-service's internal API (a fake on loopback with its rules).
 */
class GroupDmInviteIT extends ApiTestSupport {

    /** Shared by the class's tests (and kept for the JVM: its threads are daemons). */
    static final GuildServiceFake GUILD_SERVICE = GuildServiceFake.start();

    private static final AtomicLong CHANNELS = new AtomicLong(91_000);
    private static final String REDIRECT = "https://app.example/callback";

    @DynamicPropertySource
    static void guildService(DynamicPropertyRegistry registry) {
        registry.add("concord.guilds.base-url", GUILD_SERVICE::url);
    }

    private Account developer;
    private Account person;
    private String clientId;
    private String botId;
    private long groupDm;

    @BeforeEach
    void anApplicationAndAGroupDm() {
        developer = accounts.register();
        person = accounts.register();
        clientId = api.post(
                        "/applications",
                        developer.token(),
                        Map.of("name", "Dice Roller", "redirect_uris", List.of(REDIRECT)))
                .body()
                .path("id")
                .asString();
        api.post("/applications/" + clientId + "/bot", developer.token(), Map.of());
        botId = api.get("/applications/" + clientId, developer.token())
                .body()
                .path("bot")
                .path("id")
                .asString();
        groupDm = CHANNELS.incrementAndGet();
        GUILD_SERVICE.groupDirectMessage(groupDm, Long.parseLong(person.id()), Long.parseLong(developer.id()));
    }

    private String integrationsPath() {
        return "/internal/channels/" + groupDm + "/integrations";
    }

    @Test
    void consentAddsTheApplicationToTheGroupDmWithoutACode() {
        String link = "/oauth2/authorize?client_id=" + clientId + "&scope=applications.commands";

        Response screen = api.get(link + "&channel_id=" + groupDm, person.token());
        Response decided = api.post(link, person.token(), Map.of("authorize", true, "channel_id", "" + groupDm));

        assertThat(screen.status()).as("%s", screen.body()).isEqualTo(200);
        assertThat(screen.body().path("channel_id").asString()).isEqualTo(Long.toString(groupDm));
        assertThat(decided.status()).as("%s", decided.body()).isEqualTo(200);
        assertThat(decided.body().path("location").asString()).isEqualTo("/oauth2/authorized");
        List<GuildServiceFake.Request> sent = GUILD_SERVICE.requestsTo(integrationsPath());
        assertThat(sent).hasSize(1);
        JsonNode body = sent.get(0).body();
        assertThat(body.path("user_id").asString()).isEqualTo(person.id());
        assertThat(body.path("scopes").valueStream().map(JsonNode::asString)).containsExactly("applications.commands");
        assertThat(body.path("application").path("id").asString()).isEqualTo(clientId);
        assertThat(body.path("application").path("name").asString()).isEqualTo("Dice Roller");
        assertThat(body.path("application").path("bot_id").asString()).isEqualTo(botId);
        assertThat(GUILD_SERVICE.requestsTo("/internal/guilds/" + groupDm + "/bots"))
                .as("no bot joins a group DM")
                .isEmpty();
    }

    @Test
    void theLinksChannelWithOtherScopesGoesBackWithACodeAndAuthorizingAgainAsksAgain() {
        String link = "/oauth2/authorize?client_id=" + clientId
                + "&response_type=code&scope=applications.commands identify&redirect_uri=" + REDIRECT
                + "&channel_id=" + groupDm + "&state=abc";

        Response first = api.post(link, person.token(), Map.of("authorize", true));
        Response again = api.post(link, person.token(), Map.of("authorize", true));

        assertThat(first.body().path("location").asString()).startsWith(REDIRECT + "?code=");
        assertThat(again.body().path("location").asString()).startsWith(REDIRECT + "?code=");
        assertThat(GUILD_SERVICE.requestsTo(integrationsPath()))
                .as("guild-service updates the one integration the second time")
                .hasSize(2)
                .allSatisfy(request -> assertThat(request.body().path("scopes")).hasSize(2));
    }

    @Test
    void refusalsNameTheChannelAndAddNothing() {
        Account stranger = accounts.register();
        String commands = "/oauth2/authorize?client_id=" + clientId + "&scope=applications.commands";
        Map<String, Object> consent = Map.of("authorize", true, "channel_id", Long.toString(groupDm));

        Response notRecipient = api.post(commands, stranger.token(), consent);
        Response malformed = api.post(commands + "&channel_id=abc", person.token(), Map.of("authorize", true));
        Response withoutCommands = api.post(
                "/oauth2/authorize?client_id=" + clientId + "&response_type=code&scope=identify&redirect_uri="
                        + REDIRECT,
                person.token(),
                consent);
        Response withABot = api.post(
                "/oauth2/authorize?client_id=" + clientId + "&scope=bot applications.commands&guild_id=1",
                person.token(),
                consent);
        Response denied = api.post(commands, person.token(), Map.of("authorize", false, "channel_id", "" + groupDm));

        assertThat(notRecipient.status()).as("%s", notRecipient.body()).isEqualTo(400);
        assertThat(notRecipient.body().path("code").asInt()).isEqualTo(50035);
        assertThat(notRecipient.errorCode("channel_id")).isEqualTo("CHANNEL_INVALID");
        assertThat(malformed.errorCode("channel_id")).isEqualTo("NUMBER_TYPE_COERCE");
        assertThat(withoutCommands.errorCode("channel_id")).isEqualTo("BASE_TYPE_INVALID");
        assertThat(withABot.errorCode("channel_id")).isEqualTo("BASE_TYPE_INVALID");
        assertThat(denied.body().path("location").asString()).isEqualTo("/oauth2/authorized");
        assertThat(GUILD_SERVICE.requestsTo(integrationsPath()))
                .as("only the stranger's attempt reached guild-service, which refused it")
                .hasSize(1);
        assertThat(GUILD_SERVICE.requestsTo("/internal/guilds/1/bots")).isEmpty();
    }
}
