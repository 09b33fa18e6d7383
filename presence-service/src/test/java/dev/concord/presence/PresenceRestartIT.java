package dev.concord.presence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestClients;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

/**
 * Presence lives in Redis, not in a process: a presence-service started afresh (its own JVM, nothing in
 * memory) shows the presences another made, changes a session another opened, and tells friends.
 */
class PresenceRestartIT extends PresenceApiSupport {

    /** What the second process shares with this one: the same stores, brokers, keys and neighbours. */
    private static final List<String> SHARED = List.of(
            "spring.r2dbc.url",
            "spring.r2dbc.username",
            "spring.r2dbc.password",
            "spring.flyway.url",
            "spring.flyway.user",
            "spring.flyway.password",
            "concord.redis.uri",
            "concord.redis.key-prefix",
            "concord.kafka.bootstrap-servers",
            "concord.kafka.topic-prefix",
            "concord.auth.public-key",
            "concord.auth.private-key",
            "concord.auth.internal-secret",
            "concord.users.base-url",
            "concord.social.base-url",
            "concord.guilds.base-url");

    @Test
    void aFreshProcessCarriesOnWhereTheOtherLeftOff() throws Exception {
        Snowflake una = newUser();
        Snowflake val = newUser();
        social().friends(una.value(), val.value());
        String session = newSessionId();
        open("gw-a", session, una, "{}", "{\"status\": \"idle\"}");

        int port = freePort();
        Process second = start(port);
        try {
            ApiCalls fresh = new ApiCalls(TestClients.unpooled(port));

            Response listed = fresh.call(HttpMethod.GET, "/presences", userToken(val), null);
            assertThat(listed.status()).isEqualTo(200);
            assertThat(listed.body().path("presences").get(0).path("status").asString())
                    .isEqualTo("idle");

            Response changed = fresh.call(
                    HttpMethod.POST,
                    "/internal/gateway-instances/gw-a/presence-updates",
                    INTERNAL,
                    "{\"updates\": [" + updateItem(session, una, "{\"status\": \"dnd\"}") + "]}");
            assertThat(outcome(changed)).isEqualTo("applied");
            awaitEvent(
                    "PRESENCE_UPDATE",
                    val,
                    e -> about(e, una)
                            && e.path("data").path("status").asString().equals("dnd"));
            assertThat(storedSessions(una).get(session)).contains("\"status\":\"dnd\"");
        } finally {
            second.destroyForcibly().waitFor();
        }
    }

    /** Starts presence-service in a JVM of its own on {@code port}, and waits until it answers. */
    private Process start(int port) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx256m");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(PresenceApplication.class.getName());
        command.add("--server.port=" + port);
        for (String key : SHARED) {
            command.add("--" + key + "=" + environment.getRequiredProperty(key));
        }
        Path log = Files.createTempFile("presence-second", ".log");
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        await("the second presence-service answers")
                .atMost(Duration.ofSeconds(120))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> {
                    if (!process.isAlive()) {
                        throw new AssertionError("the second presence-service exited:\n" + Files.readString(log));
                    }
                    return answers(port);
                });
        return process;
    }

    private static boolean answers(int port) {
        try {
            HttpURLConnection connection =
                    (HttpURLConnection) URI.create("http://127.0.0.1:" + port + "/actuator/health")
                            .toURL()
                            .openConnection();
            connection.setConnectTimeout(500);
            connection.setReadTimeout(2000);
            return connection.getResponseCode() == 200;
        } catch (IOException notYet) {
            return false;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
