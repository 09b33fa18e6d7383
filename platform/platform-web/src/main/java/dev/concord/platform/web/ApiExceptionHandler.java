package dev.concord.platform.web;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.codec.DecodingException;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.http.HttpStatus;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.MethodNotAllowedException;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebInputException;
import org.springframework.web.server.UnsupportedMediaTypeStatusException;
import org.springframework.web.server.WebExceptionHandler;
import reactor.core.publisher.Mono;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes every failure in the platform's error shape. Runs before Spring Boot's own handler, so no
 * Spring-shaped error body (or stack trace) ever reaches a client, and bad input is never a 500.
 */
public final class ApiExceptionHandler implements WebExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);

    private final JsonMapper mapper;
    private final RouteCatalog routes;

    public ApiExceptionHandler(JsonMapper mapper, RouteCatalog routes) {
        this.mapper = mapper;
        this.routes = routes;
    }

    @Override
    public Mono<Void> handle(ServerWebExchange exchange, Throwable failure) {
        ServerHttpResponse response = exchange.getResponse();
        if (response.isCommitted()) {
            return Mono.error(failure);
        }
        ApiException error = translate(exchange, failure);
        if (error.status() == HttpStatus.INTERNAL_SERVER_ERROR) {
            // The request path only: query strings and bodies can carry tokens or message text.
            log.error(
                    "Unhandled failure on {} {}",
                    exchange.getRequest().getMethod(),
                    exchange.getRequest().getPath().value(),
                    failure);
        }
        return write(response, error);
    }

    private ApiException translate(ServerWebExchange exchange, Throwable failure) {
        Throwable cause = failure;
        while (true) {
            if (cause instanceof ApiException api) {
                return api;
            }
            if (cause instanceof DataBufferLimitException) {
                return ApiErrors.requestTooLarge();
            }
            if (cause instanceof InvalidMediaTypeException) {
                // An unknown charset name makes Spring's own Content-Type parsing throw.
                return ApiErrors.unsupportedMediaType();
            }
            if (cause instanceof JacksonException json) {
                return DecodingErrors.translate(json);
            }
            if (cause.getCause() == null || cause.getCause() == cause) {
                break;
            }
            cause = cause.getCause();
        }
        if (failure instanceof UnsupportedMediaTypeStatusException) {
            return ApiErrors.unsupportedMediaType();
        }
        if (failure instanceof MethodNotAllowedException) {
            return ApiErrors.methodNotAllowed();
        }
        if (failure instanceof ServerWebInputException || failure instanceof DecodingException) {
            return ApiErrors.invalidJson();
        }
        if (failure instanceof ResponseStatusException status) {
            int code = status.getStatusCode().value();
            return switch (code) {
                case 404 -> routes.hasPath(exchange.getRequest()) ? ApiErrors.methodNotAllowed() : ApiErrors.notFound();
                case 405 -> ApiErrors.methodNotAllowed();
                case 413 -> ApiErrors.requestTooLarge();
                case 415 -> ApiErrors.unsupportedMediaType();
                default ->
                    new ApiException(
                            HttpStatus.valueOf(code),
                            0,
                            code + ": " + HttpStatus.valueOf(code).getReasonPhrase());
            };
        }
        return ApiErrors.internal();
    }

    private Mono<Void> write(ServerHttpResponse response, ApiException error) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("message", error.getMessage());
        body.put("code", error.code());
        if (error.errors() != null) {
            body.put("errors", error.errors());
        }
        body.putAll(error.extra());
        response.setStatusCode(error.status());
        response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
        byte[] bytes = mapper.writeValueAsString(body).getBytes(StandardCharsets.UTF_8);
        // Said up front, so that a HEAD answer, which drops the body, still tells its length.
        response.getHeaders().setContentLength(bytes.length);
        DataBuffer buffer = response.bufferFactory().wrap(bytes);
        return response.writeWith(Mono.just(buffer));
    }
}
