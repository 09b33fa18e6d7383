package dev.concord.remoteauth.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/** Registers throwaway accounts through the API, with names unique within a test class. */
public final class Accounts {

    public static final String PASSWORD = "correct horse battery";

    /** A registered account and its session token. */
    public record Account(String id, String username, String email, String token) {}

    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    private final Api api;

    public Accounts(Api api) {
        this.api = api;
    }

    public static String uniqueName(String prefix) {
        return prefix + "_" + SEQUENCE.incrementAndGet();
    }

    public Account register() {
        String username = uniqueName("user");
        return register(username, username + "@example.org", null);
    }

    public Account register(String username, String email, String globalName) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("username", username);
        body.put("password", PASSWORD);
        body.put("email", email);
        body.put("global_name", globalName);
        Api.Response response = api.post("/auth/register", null, body);
        assertThat(response.status())
                .as("register %s: %s", username, response.body())
                .isEqualTo(201);
        String token = response.body().path("token").asString();
        return new Account(userIdOf(token), username, email, token);
    }

    /** Tokens start with the user id in base64, as on the platform: clients read their id from it. */
    public static String userIdOf(String token) {
        return new String(
                Base64.getUrlDecoder().decode(token.substring(0, token.indexOf('.'))), StandardCharsets.US_ASCII);
    }
}
