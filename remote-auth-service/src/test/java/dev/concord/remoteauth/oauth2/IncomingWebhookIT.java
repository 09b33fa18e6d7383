package dev.concord.remoteauth.oauth2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.test.WebhookServiceFake;
import dev.concord.remoteauth.support.Accounts.Account;
import dev.concord.remoteauth.support.Api.Response;
import dev.concord.remoteauth.support.ApiTestSupport;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * OAuth2's {@code webhook.incoming} scope: the person picks a channel, webhook-service (a fake on loopback)
 * makes the application's incoming webhook there, and the code's token response carries it.
 */
class IncomingWebhookIT extends ApiTestSupport {

    static final WebhookServiceFake WEBHOOK_SERVICE = WebhookServiceFake.start();

    private static final String REDIRECT = "https://app.example/callback";

    @DynamicPropertySource
    static void webhookService(DynamicPropertyRegistry registry) {
        registry.add("concord.webhooks.base-url", WEBHOOK_SERVICE::url);
    }

    private Account developer;
    private Account person;
    private String clientId;

    @BeforeEach
    void anApplication() {
        developer = accounts.register();
        person = accounts.register();
        clientId = api.post(
                        "/applications",
                        developer.token(),
                        Map.of("name", "Status Page", "redirect_uris", List.of(REDIRECT)))
                .body()
                .path("id")
                .asString();
    }

    String authorizePath() {
        return "/oauth2/authorize?client_id=" + clientId + "&response_type=code&scope=webhook.incoming identify"
                + "&redirect_uri=" + REDIRECT + "&state=xyz";
    }

    @Test
    void consentMakesTheWebhookAndTheTokenResponseReturnsIt() {
        Response decided =
                api.post(authorizePath(), person.token(), Map.of("authorize", true, "webhook_channel_id", "4242"));

        assertThat(decided.status()).as("%s", decided.body()).isEqualTo(200);
        String location = decided.body().path("location").asString();
        assertThat(location).startsWith(REDIRECT + "?code=").contains("&state=xyz");
        WebhookServiceFake.Request made = WEBHOOK_SERVICE.requests().stream()
                .filter(request ->
                        request.body().path("application_id").asString().equals(clientId))
                .findFirst()
                .orElseThrow();
        assertThat(made.channelId()).isEqualTo("4242");
        assertThat(made.body().path("user_id").asString()).isEqualTo(person.id());
        assertThat(made.body().path("name").asString()).isEqualTo("Status Page");

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
        assertThat(tokens.path("scope").asString()).isEqualTo("webhook.incoming identify");
        assertThat(tokens.path("webhook").path("channel_id").asString()).isEqualTo("4242");
        assertThat(tokens.path("webhook").path("application_id").asString()).isEqualTo(clientId);
        assertThat(tokens.path("webhook").path("token").asString()).startsWith("fake-token-");
        assertThat(tokens.path("webhook").path("url").asString()).contains("/api/webhooks/");
    }

    @Test
    void aChannelMustBeChosenAndOneThePersonMayNotManageIsRefused() {
        WEBHOOK_SERVICE.refuse(5151, 50013);

        Response none = api.post(authorizePath(), person.token(), Map.of("authorize", true));
        Response refused =
                api.post(authorizePath(), person.token(), Map.of("authorize", true, "webhook_channel_id", "5151"));

        assertThat(none.status()).isEqualTo(400);
        assertThat(none.body().at("/errors/webhook_channel_id/_errors/0/code").asString())
                .isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.body().path("code").asInt()).isEqualTo(50013);
        assertThat(refused.body().path("location").isMissingNode())
                .as("no code is issued")
                .isTrue();
    }
}
