package dev.concord.platform.test;

import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.json.Json;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jspecify.annotations.Nullable;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * remote-auth-service's {@code POST /internal/applications/{id}/interactions} (docs/internal-api.md) on
 * loopback, for the applications a test registers: one without an interactions endpoint is answered with
 * its bot (deliver on the gateway); one with an endpoint is answered with what the test says its
 * endpoint answered. 404 10002 for any other, 401 without the internal secret. Keeps every interaction it
 * was handed ({@link #delivered}).
 */
public final class ApplicationServiceFake implements AutoCloseable {

    /** What a registered application's endpoint answers; none for an application delivered on the gateway. */
    public record EndpointAnswer(int status, @Nullable String body) {}

    private record Application(
            String id,
            String name,
            @Nullable String botUserId,
            @Nullable EndpointAnswer endpoint) {}

    private final Map<String, Application> applications = new ConcurrentHashMap<>();
    private final List<JsonNode> delivered = new CopyOnWriteArrayList<>();
    private final DisposableServer server;

    private ApplicationServiceFake() {
        String expected = InternalCredential.header(TestTokenKeys.internalSecret());
        server = HttpServer.create()
                .host("127.0.0.1")
                .port(0)
                .route(routes -> routes.post("/internal/applications/{id}/interactions", (request, response) -> {
                    if (!expected.equals(request.requestHeaders().get("Authorization"))) {
                        return response.status(401).send();
                    }
                    Application application = applications.get(Objects.requireNonNull(request.param("id")));
                    return request.receive().aggregate().asString().flatMap(text -> {
                        if (application == null) {
                            return FakeAnswers.json(
                                    response, 404, "{\"message\": \"Unknown Application\", \"code\": 10002}");
                        }
                        delivered.add(Json.mapper().readTree(text));
                        return FakeAnswers.json(
                                response, 200, answer(application).toString());
                    });
                }))
                .bindNow();
    }

    public static ApplicationServiceFake start() {
        return new ApplicationServiceFake();
    }

    public String url() {
        return "http://127.0.0.1:" + server.port();
    }

    /** An application whose interactions go to its bot's gateway sessions (no bot: they cannot be delivered). */
    public void application(long id, String name, @Nullable Long botUserId) {
        applications.put(
                Long.toString(id),
                new Application(Long.toString(id), name, botUserId == null ? null : Long.toString(botUserId), null));
    }

    /** An application with an interactions endpoint, which answers every interaction so. */
    public void applicationWithEndpoint(long id, String name, @Nullable Long botUserId, EndpointAnswer answer) {
        applications.put(
                Long.toString(id),
                new Application(Long.toString(id), name, botUserId == null ? null : Long.toString(botUserId), answer));
    }

    /** The interactions handed over, oldest first. */
    public List<JsonNode> delivered() {
        return List.copyOf(delivered);
    }

    private static ObjectNode answer(Application application) {
        ObjectNode answer = Json.mapper().createObjectNode();
        ObjectNode shown = answer.putObject("application");
        shown.put("id", application.id());
        shown.put("name", application.name());
        shown.putNull("icon");
        if (application.botUserId() == null) {
            shown.putNull("bot_user_id");
        } else {
            shown.put("bot_user_id", application.botUserId());
        }
        EndpointAnswer endpoint = application.endpoint();
        if (endpoint == null) {
            answer.putNull("endpoint");
            return answer;
        }
        ObjectNode answered = answer.putObject("endpoint");
        answered.put("status", endpoint.status());
        if (endpoint.body() == null) {
            answered.putNull("response");
        } else {
            answered.set("response", Json.mapper().readTree(endpoint.body()));
        }
        return answer;
    }

    @Override
    public void close() {
        server.disposeNow();
    }
}
