package dev.concord.platform.web;

import dev.concord.platform.json.Json;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.web.reactive.function.BodyExtractors;
import org.springframework.web.reactive.function.server.ServerRequest;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JavaType;

/**
 * The one way a service reads a request's JSON body. The bytes are read up to a limit (1 MiB unless the
 * route passes its own; more is 413 40005), decoded as strict UTF-8 (anything else is 50109, never
 * altered), parsed, and converted to the target type; a value that cannot be stored or is of the wrong
 * type is a 50035 naming every such field at once ({@link JsonBodyReader}). A missing body is 50109, as
 * malformed JSON is; a body that validates itself answers 50035 naming every bad field before anything
 * else happens.
 */
public final class JsonBodies {

    /** What any route takes unless it says otherwise: far above any body the platform's JSON routes take. */
    public static final int DEFAULT_MAX_BYTES = 1024 * 1024;

    private JsonBodies() {}

    /** The body as {@code type}, or 50109 when there is none. */
    public static <T> Mono<T> required(ServerRequest request, Class<T> type) {
        return required(request, type, DEFAULT_MAX_BYTES);
    }

    /** The body as {@code type}, up to {@code maxBytes} (a route that takes images, say); 50109 when there is none. */
    public static <T> Mono<T> required(ServerRequest request, Class<T> type, int maxBytes) {
        return JsonBodies.<T>read(request, javaType(type), maxBytes).switchIfEmpty(Mono.error(ApiErrors::invalidJson));
    }

    /** The body as {@code type} (a list, say), or 50109 when there is none. */
    public static <T> Mono<T> required(ServerRequest request, ParameterizedTypeReference<T> type) {
        return JsonBodies.<T>read(request, javaType(type), DEFAULT_MAX_BYTES)
                .switchIfEmpty(Mono.error(ApiErrors::invalidJson));
    }

    /** The body as {@code type}, validated by its own rules ({@link Violations#check}). */
    public static <T extends Violations.Validatable> Mono<T> checked(ServerRequest request, Class<T> type) {
        return checked(request, type, DEFAULT_MAX_BYTES);
    }

    /** As {@link #checked(ServerRequest, Class)}, up to {@code maxBytes}. */
    public static <T extends Violations.Validatable> Mono<T> checked(
            ServerRequest request, Class<T> type, int maxBytes) {
        return required(request, type, maxBytes).map(Violations::check);
    }

    /**
     * A JSON document that arrived inside another body (a multipart request's {@code payload_json}, say),
     * read and validated as a request body is: 50109 when it is empty or not JSON, 50035 naming every bad
     * field.
     */
    public static <T extends Violations.Validatable> T checked(byte[] json, Class<T> type) {
        T value = JsonBodyReader.read(json, javaType(type));
        if (value == null) {
            throw ApiErrors.invalidJson();
        }
        return Violations.check(value);
    }

    /**
     * The body as {@code type}, empty when the request has none (no bytes, or JSON {@code null}): for the
     * routes whose clients may leave the body out.
     */
    public static <T> Mono<T> optional(ServerRequest request, Class<T> type) {
        return JsonBodies.<T>read(request, javaType(type), DEFAULT_MAX_BYTES);
    }

    private static <T> Mono<T> read(ServerRequest request, JavaType type, int maxBytes) {
        return Mono.defer(() -> {
            // A declared length over the limit is refused before a byte of the body is read.
            if (request.headers().contentLength().orElse(-1) > maxBytes) {
                return Mono.error(ApiErrors.requestTooLarge());
            }
            return DataBufferUtils.join(request.body(BodyExtractors.toDataBuffers()), maxBytes)
                    .onErrorMap(DataBufferLimitException.class, tooLarge -> ApiErrors.requestTooLarge())
                    .map(JsonBodies::bytes)
                    .filter(bytes -> bytes.length > 0)
                    .flatMap(bytes -> {
                        JsonContentType.check(request.headers().firstHeader(HttpHeaders.CONTENT_TYPE));
                        return Mono.justOrEmpty(JsonBodyReader.<T>read(bytes, type));
                    });
        });
    }

    private static byte[] bytes(DataBuffer buffer) {
        try {
            byte[] bytes = new byte[buffer.readableByteCount()];
            buffer.read(bytes);
            return bytes;
        } finally {
            DataBufferUtils.release(buffer);
        }
    }

    private static JavaType javaType(Class<?> type) {
        return Json.mapper().constructType(type);
    }

    private static JavaType javaType(ParameterizedTypeReference<?> type) {
        return Json.mapper().getTypeFactory().constructType(type.getType());
    }
}
