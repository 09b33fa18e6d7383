package dev.concord.platform.web;

import org.springframework.core.ParameterizedTypeReference;
import org.springframework.web.reactive.function.server.ServerRequest;
import reactor.core.publisher.Mono;

/**
 * A request's JSON body, the platform's way: a missing body is invalid JSON (50109), as malformed JSON
 * is; a body that validates itself answers 50035 naming every bad field before anything else happens.
 */
public final class JsonBodies {

    private JsonBodies() {}

    /** The body as {@code type}, or 50109 when there is none. */
    public static <T> Mono<T> required(ServerRequest request, Class<T> type) {
        return request.bodyToMono(type).switchIfEmpty(Mono.error(ApiErrors::invalidJson));
    }

    /** The body as {@code type} (a list, say), or 50109 when there is none. */
    public static <T> Mono<T> required(ServerRequest request, ParameterizedTypeReference<T> type) {
        return request.bodyToMono(type).switchIfEmpty(Mono.error(ApiErrors::invalidJson));
    }

    /** The body as {@code type}, validated by its own rules ({@link Violations#check}). */
    public static <T extends Violations.Validatable> Mono<T> checked(ServerRequest request, Class<T> type) {
        return required(request, type).map(Violations::check);
    }
}
