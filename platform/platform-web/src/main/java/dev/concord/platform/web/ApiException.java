package dev.concord.platform.web;

import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;

/**
 * An error answered with the platform's body: {@code {"message", "code", "errors"?, ...extra}}. Thrown
 * from handlers and services; the exception handler writes it. No stack trace: these are expected
 * outcomes, not bugs, and filling one in costs more than the rest of the request.
 */
public final class ApiException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient HttpStatus status;
    private final int code;
    private final transient @Nullable Map<String, Object> errors;
    private final transient Map<String, Object> extra;

    public ApiException(HttpStatus status, int code, String message) {
        this(status, code, message, null, Map.of());
    }

    public ApiException(
            HttpStatus status,
            int code,
            String message,
            @Nullable Map<String, Object> errors,
            Map<String, Object> extra) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
        this.errors = errors;
        this.extra = extra;
    }

    public HttpStatus status() {
        return status;
    }

    public int code() {
        return code;
    }

    /** The field-level error tree of a 50035. */
    public @Nullable Map<String, Object> errors() {
        return errors;
    }

    /** More top-level body fields, e.g. {@code retry_after} and {@code global} of a 429. */
    public Map<String, Object> extra() {
        return extra;
    }
}
