package dev.concord.platform.web;

import dev.concord.platform.json.Json;
import org.springframework.http.HttpStatus;
import org.springframework.web.reactive.function.client.ClientResponse;
import reactor.core.publisher.Mono;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Another service's refusal, read back into the platform's error: its status, code and message, so a
 * caller may pass a 404 or a 403 of the service it asked on to its own client unchanged.
 */
public final class InternalApiErrors {

    private InternalApiErrors() {}

    /** For {@code WebClient.ResponseSpec#onStatus}: the error the response carries. */
    public static Mono<ApiException> of(ClientResponse response) {
        HttpStatus resolved = HttpStatus.resolve(response.statusCode().value());
        HttpStatus status = resolved == null ? HttpStatus.BAD_GATEWAY : resolved;
        return response.bodyToMono(String.class)
                .map(body -> toApiException(status, body))
                .switchIfEmpty(Mono.fromSupplier(() -> toApiException(status, "")));
    }

    /** The platform's error body {@code {"code", "message"}}; status and reason alone for any other body. */
    public static ApiException toApiException(HttpStatus status, String body) {
        String fallback = status.value() + ": " + status.getReasonPhrase();
        JsonNode error;
        try {
            error = Json.mapper().readTree(body);
        } catch (JacksonException e) {
            return new ApiException(status, 0, fallback);
        }
        if (error == null || !error.isObject()) {
            return new ApiException(status, 0, fallback);
        }
        JsonNode code = error.path("code");
        JsonNode message = error.path("message");
        return new ApiException(
                status, code.isIntegralNumber() ? code.asInt() : 0, message.isString() ? message.asString() : fallback);
    }
}
