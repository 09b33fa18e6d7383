package dev.concord.remoteauth.qr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.test.TestClients;
import dev.concord.remoteauth.RemoteAuthApplication;
import dev.concord.remoteauth.support.Accounts.Account;
import dev.concord.remoteauth.support.Api;
import dev.concord.remoteauth.support.ApiTestSupport;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.PropertySource;

/**
 * Two instances on one Redis, as replicas run: the desktop's socket held by one, the phone's calls
 * landing on the other, both ways, and the ticket exchanged on either.
 */
class TwoInstancesIT extends ApiTestSupport {

    @Autowired
    private ConfigurableEnvironment environment;

    private ConfigurableApplicationContext second;
    private Api secondApi;
    private int secondPort;

    @BeforeAll
    void startSecondInstance() {
        // The first instance's slice of the test infrastructure (database, Redis prefix, Kafka, keys), as
        // platform-test set it; as arguments, since they must win over application.yml as they do there.
        PropertySource<?> infrastructure = environment.getPropertySources().get("realInfrastructure");
        List<String> arguments = new ArrayList<>(List.of("--server.port=0"));
        for (String name : ((EnumerablePropertySource<?>) infrastructure).getPropertyNames()) {
            arguments.add("--" + name + "=" + infrastructure.getProperty(name));
        }
        second = new SpringApplicationBuilder(RemoteAuthApplication.class).run(arguments.toArray(String[]::new));
        secondPort = ((WebServerApplicationContext) second).getWebServer().getPort();
        secondApi = new Api(TestClients.unpooled(secondPort));
    }

    @AfterAll
    void stopSecondInstance() {
        if (second != null) {
            second.close();
        }
    }

    @Test
    void thePhoneReachesADesktopHeldByTheOtherInstance() {
        Account phone = accounts.register();
        try (DesktopClient desktop = DesktopClient.connect(port)) {
            String fingerprint = desktop.handshake();

            Api.Response claimed =
                    secondApi.post("/users/@me/remote-auth", phone.token(), Map.of("fingerprint", fingerprint));

            assertThat(claimed.status()).as(claimed.body().toString()).isEqualTo(200);
            String payload = desktop.expect("pending_ticket")
                    .path("encrypted_user_payload")
                    .asString();
            assertThat(desktop.keys().decryptText(payload)).startsWith(phone.id() + ":0:0:");

            assertThat(secondApi
                            .post(
                                    "/users/@me/remote-auth/finish",
                                    phone.token(),
                                    Map.of(
                                            "handshake_token",
                                            claimed.body()
                                                    .path("handshake_token")
                                                    .asString()))
                            .status())
                    .isEqualTo(204);
            String ticket = desktop.expect("pending_login").path("ticket").asString();
            assertThat(desktop.closeCode()).isEqualTo(1000);

            String encrypted = api.post("/users/@me/remote-auth/login", null, Map.of("ticket", ticket))
                    .body()
                    .path("encrypted_token")
                    .asString();
            assertThat(secondApi
                            .get("/users/@me", desktop.keys().decryptText(encrypted))
                            .body()
                            .path("id")
                            .asString())
                    .isEqualTo(phone.id());
        }
    }

    @Test
    void aCancelCrossesInstancesTheOtherWay() {
        Account phone = accounts.register();
        try (DesktopClient desktop = DesktopClient.connect(secondPort)) {
            String fingerprint = desktop.handshake();
            Api.Response claimed =
                    api.post("/users/@me/remote-auth", phone.token(), Map.of("fingerprint", fingerprint));
            assertThat(claimed.status()).as(claimed.body().toString()).isEqualTo(200);
            String handshakeToken = claimed.body().path("handshake_token").asString();
            desktop.expect("pending_ticket");

            assertThat(api.post(
                                    "/users/@me/remote-auth/cancel",
                                    phone.token(),
                                    Map.of("handshake_token", handshakeToken))
                            .status())
                    .isEqualTo(204);

            desktop.expect("cancel");
            assertThat(desktop.closeCode()).isEqualTo(1000);
        }
    }

    @Test
    void aSessionWhoseInstanceIsGoneIsUnknown() {
        Account phone = accounts.register();
        try (DesktopClient desktop = DesktopClient.connect(port)) {
            String fingerprint = desktop.handshake();
            // As if the holding instance had died: its session stays in Redis, but nobody listens on its channel.
            redis.hset(redisPrefix + "remote-auth:session:" + fingerprint, "node", "gone")
                    .block();

            Api.Response claimed =
                    secondApi.post("/users/@me/remote-auth", phone.token(), Map.of("fingerprint", fingerprint));

            assertThat(claimed.status()).isEqualTo(404);
            assertThat(redis.exists(redisPrefix + "remote-auth:session:" + fingerprint)
                            .block())
                    .isZero();
        }
    }
}
