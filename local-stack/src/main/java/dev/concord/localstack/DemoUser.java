package dev.concord.localstack;

import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * An account a developer starts with. Created through the public API via the edge, exactly as a
 * client would, so seeding also proves the path client → edge → remote-auth-service → PostgreSQL works.
 * The password is fixed and printed: it guards nothing but a database on the developer's own machine.
 *
 * @param token a user token, ready for an Authorization header
 */
public record DemoUser(String username, String password, String token) {

    public static final String USERNAME = "demo";
    /** The second account: a plain member of the demo guild. */
    public static final String FRIEND_USERNAME = "demo_friend";

    public static final String PASSWORD = "concord-demo-password";
    /** The platform's error code for a registration whose username exists. */
    private static final String USERNAME_TAKEN = "USERNAME_ALREADY_TAKEN";

    /** Registers the user or, when an earlier run already did (400, name taken), logs it in. */
    static DemoUser seed(DemoApi api, String username, String globalName) {
        DemoApi.Answer registered = api.call(
                "POST",
                "/auth/register",
                null,
                Map.of("username", username, "password", PASSWORD, "global_name", globalName));
        if (registered.ok()) {
            return new DemoUser(username, PASSWORD, token(registered));
        }
        if (registered.status() != 400 || !registered.body().contains(USERNAME_TAKEN)) {
            throw DemoApi.failure("register " + username, registered);
        }
        DemoApi.Answer loggedIn = api.expect(
                "login " + username, "POST", "/auth/login", null, Map.of("login", username, "password", PASSWORD));
        return new DemoUser(username, PASSWORD, token(loggedIn));
    }

    private static String token(DemoApi.Answer answer) {
        JsonNode token = answer.json().path("token");
        if (!token.isString() || token.asString().isEmpty()) {
            throw new IllegalStateException("Seeding the demo data: no token in the answer");
        }
        return token.asString();
    }
}
