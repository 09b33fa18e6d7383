package dev.concord.edge.routing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;

/** The paths whose owner is known independently of routes.yaml: the interface documents and the architecture brief. */
final class RoutingCases {

    /** Bare, then every version prefix a client may send. */
    static final List<String> PREFIXES = List.of("", "/api", "/api/v6", "/api/v7", "/api/v8", "/api/v9", "/api/v10");

    record Case(String path, String service, String source) {
        @Override
        public String toString() {
            return path + " -> " + service + " (" + source + ")";
        }
    }

    private RoutingCases() {}

    /** Every endpoint of the interface documents, with placeholders such as {user.id} filled in. */
    static Stream<Case> seeds() {
        try (InputStream in = RoutingCases.class.getResourceAsStream("/seed-endpoints.tsv");
                BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            return reader
                    .lines()
                    .skip(1)
                    .filter(line -> !line.isBlank())
                    .map(line -> line.split("\t"))
                    .map(row -> new Case(row[1].replaceAll("\\{[^}]+}", "123"), row[4], row[0] + " " + row[1]))
                    .toList()
                    .stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Ownership from the architecture brief that the interface documents do not cover. */
    static Stream<Case> brief() {
        return Stream.of(
                new Case("/auth/login", "remote-auth-service", "brief"),
                new Case("/auth/register", "remote-auth-service", "brief"),
                new Case("/users/@me", "remote-auth-service", "brief"),
                new Case("/users/123", "remote-auth-service", "brief"),
                new Case("/remote-auth/", "remote-auth-service", "brief"),
                new Case("/applications/1", "remote-auth-service", "brief"),
                new Case("/oauth2/authorize", "remote-auth-service", "brief"),
                new Case("/applications/1/emojis", "guild-service", "brief"),
                // The offline GIF catalogue's media, under the /gifs/** guild-service owns.
                new Case("/gifs/media/sparkles/tinygif.gif", "guild-service", "brief"),
                new Case("/users/@me/guilds", "guild-service", "brief"),
                new Case("/users/@me/guilds/1", "guild-service", "brief"),
                new Case("/channels/1", "guild-service", "brief"),
                new Case("/channels/1/invites", "guild-service", "brief"),
                new Case("/invites/abc", "guild-service", "brief"),
                new Case("/guilds/1", "guild-service", "brief"),
                new Case("/guilds", "guild-service", "brief"),
                new Case("/channels/1/messages", "webhook-service", "brief"),
                new Case("/channels/1/messages/2", "webhook-service", "brief"),
                new Case("/interactions/1/token/callback", "webhook-service", "brief"),
                new Case("/users/@me/relationships", "social-service", "brief"),
                new Case("/users/1/sessions/2/activities/3/metadata", "presence-service", "brief"),
                new Case("/", "gateway-service", "brief"),
                new Case("/gateway", "gateway-service", "brief"),
                new Case("/gateway/bot", "gateway-service", "brief"));
    }

    static Stream<Case> all() {
        return Stream.concat(seeds(), brief());
    }

    /** Paths nobody owns, so the edge answers 404 itself. */
    static Stream<String> unowned() {
        return Stream.of(
                "/nope",
                "/api/v11/users/@me/settings",
                "/api/v10",
                "/api",
                "/usersx",
                "/users",
                "/users/@me/settings/extra",
                "/gateway/bot/x",
                "/v10/gateway",
                "/api/api/gateway",
                // Service-to-service only (docs/internal-api.md): never reachable from outside.
                "/internal/guilds/1/permissions",
                "/api/v10/internal/guilds/1/members");
    }
}
