package dev.concord.remoteauth.support;

import dev.concord.platform.json.Json;
import java.nio.charset.StandardCharsets;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/** Calls the service and returns status, headers and the parsed body, so tests assert on all three. */
public final class Api {

    /** What came back. {@code body} is a missing node when there was none. */
    public record Response(int status, HttpHeaders headers, JsonNode body) {

        /** The first error code of {@code field} in a 50035 body. */
        public String errorCode(String field) {
            return body.path("errors")
                    .path(field)
                    .path("_errors")
                    .path(0)
                    .path("code")
                    .asString(null);
        }
    }

    private final WebTestClient client;

    public Api(WebTestClient client) {
        this.client = client;
    }

    public Response get(String path, String authorization) {
        return call(HttpMethod.GET, path, authorization, null, null);
    }

    public Response post(String path, String authorization, Object body) {
        return call(HttpMethod.POST, path, authorization, body, null);
    }

    public Response patch(String path, String authorization, Object body) {
        return call(HttpMethod.PATCH, path, authorization, body, null);
    }

    /** {@code body} is serialised as JSON, or sent as is when it is a String; {@code forwardedFor} may be null. */
    public Response call(HttpMethod method, String path, String authorization, Object body, String forwardedFor) {
        WebTestClient.RequestBodySpec request = client.method(method).uri(path);
        if (authorization != null) {
            request.header(HttpHeaders.AUTHORIZATION, authorization);
        }
        if (forwardedFor != null) {
            request.header("X-Forwarded-For", forwardedFor);
        }
        WebTestClient.RequestHeadersSpec<?> ready = body == null
                ? request
                : request.contentType(MediaType.APPLICATION_JSON)
                        .bodyValue(
                                body instanceof String text
                                        ? text
                                        : Json.mapper().writeValueAsString(body));
        EntityExchangeResult<byte[]> result =
                ready.exchange().expectBody(byte[].class).returnResult();
        byte[] bytes = result.getResponseBody();
        JsonNode parsed = bytes == null || bytes.length == 0
                ? JsonNodeFactory.instance.missingNode()
                : Json.mapper().readTree(new String(bytes, StandardCharsets.UTF_8));
        return new Response(result.getStatus().value(), result.getResponseHeaders(), parsed);
    }
}
