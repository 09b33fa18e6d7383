package dev.concord.localstack;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The account a developer starts with. Created through the public API via the edge, exactly as a
 * client would, so seeding also proves the path client → edge → remote-auth-service → PostgreSQL works.
 * The password is fixed and printed: it guards nothing but a database on the developer's own machine.
 *
 * @param token a user token, ready for an Authorization header
 */
public record DemoUser(String username, String password, String token) {

    public static final String USERNAME = "demo";
    public static final String PASSWORD = "concord-demo-password";
    private static final String GLOBAL_NAME = "Demo";
    /** The platform's error code for a registration whose username exists. */
    private static final String USERNAME_TAKEN = "USERNAME_ALREADY_TAKEN";

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    /** Registers the demo user or, when an earlier run already did (400, name taken), logs it in. */
    static DemoUser seed(int edgePort) {
        String base = "http://127.0.0.1:" + edgePort;
        HttpResponse<String> registered = post(base + "/auth/register",
                Map.of("username", USERNAME, "password", PASSWORD, "global_name", GLOBAL_NAME));
        if (registered.statusCode() / 100 == 2) {
            return new DemoUser(USERNAME, PASSWORD, token(registered));
        }
        if (registered.statusCode() != 400 || !registered.body().contains(USERNAME_TAKEN)) {
            throw failure("register", registered);
        }
        HttpResponse<String> loggedIn = post(base + "/auth/login", Map.of("login", USERNAME, "password", PASSWORD));
        if (loggedIn.statusCode() / 100 != 2) {
            throw failure("login", loggedIn);
        }
        return new DemoUser(USERNAME, PASSWORD, token(loggedIn));
    }

    private static String token(HttpResponse<String> response) {
        JsonNode token = JSON.readTree(response.body()).path("token");
        if (!token.isString() || token.asString().isEmpty()) {
            throw new IllegalStateException("Seeding the demo user: no token in the answer to " + response.uri());
        }
        return token.asString();
    }

    private static HttpResponse<String> post(String url, Map<String, String> body) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
                .build();
        try {
            return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException("Seeding the demo user: " + url + " unreachable", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while seeding the demo user", e);
        }
    }

    /** The body is included: it is the platform's error shape and names the failing field, never a secret. */
    private static IllegalStateException failure(String step, HttpResponse<String> response) {
        return new IllegalStateException("Seeding the demo user: " + step + " answered "
                + response.statusCode() + " " + response.body());
    }
}
