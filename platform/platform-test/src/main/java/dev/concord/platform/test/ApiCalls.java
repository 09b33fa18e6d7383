package dev.concord.platform.test;

import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Calls a service the way a client does, and answers with the status and the parsed body, so a test
 * can compare whole bodies with {@code equals}.
 */
public final class ApiCalls {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** The status and the body as JSON; null when the response had no body. */
    public record Response(int status, @Nullable JsonNode body) {}

    private final WebTestClient client;

    public ApiCalls(WebTestClient client) {
        this.client = client;
    }

    /** Without {@code authorization} no header is sent, without {@code body} no body. */
    public Response call(HttpMethod method, String path, @Nullable String authorization, @Nullable String body) {
        WebTestClient.RequestBodySpec request = client.method(method).uri(path);
        if (authorization != null) {
            request.header(HttpHeaders.AUTHORIZATION, authorization);
        }
        if (body != null) {
            request.contentType(MediaType.APPLICATION_JSON).bodyValue(body);
        }
        var result = request.exchange().expectBody(byte[].class).returnResult();
        byte[] bytes = result.getResponseBody();
        return new Response(
                result.getStatus().value(), bytes == null || bytes.length == 0 ? null : JSON.readTree(bytes));
    }
}
