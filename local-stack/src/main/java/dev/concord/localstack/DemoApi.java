package dev.concord.localstack;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The public API through the edge, as the demo seed calls it: JSON in and out, exactly what a client
 * sends. An unexpected answer stops the launch with the platform's error body, which names the failing
 * field and never holds a secret.
 */
final class DemoApi {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    /** One answer: its status and body as text (empty for 204). */
    record Answer(int status, String body) {
        boolean ok() {
            return status / 100 == 2;
        }

        JsonNode json() {
            return JSON.readTree(body);
        }
    }

    private final String base;

    DemoApi(int edgePort) {
        this.base = "http://127.0.0.1:" + edgePort + "/api/v10";
    }

    Answer call(String method, String path, @Nullable String token, @Nullable Object body) {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
        if (token != null) {
            request.header("Authorization", token);
        }
        if (body != null) {
            request.header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        } else {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        }
        try {
            HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Answer(response.statusCode(), response.body());
        } catch (IOException e) {
            throw new IllegalStateException("Seeding the demo data: " + method + " " + path + " unreachable", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while seeding the demo data", e);
        }
    }

    /** Calls and insists on a 2xx answer. */
    Answer expect(String step, String method, String path, @Nullable String token, @Nullable Object body) {
        Answer answer = call(method, path, token, body);
        if (!answer.ok()) {
            throw failure(step, answer);
        }
        return answer;
    }

    static IllegalStateException failure(String step, Answer answer) {
        return new IllegalStateException(
                "Seeding the demo data: " + step + " answered " + answer.status() + " " + answer.body());
    }
}
