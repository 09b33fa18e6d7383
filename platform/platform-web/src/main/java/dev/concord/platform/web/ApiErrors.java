package dev.concord.platform.web;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpStatus;

/** The platform's error responses, by name. Codes and messages are the ones its clients know. */
public final class ApiErrors {

    public static final int INVALID_FORM_BODY = 50035;
    public static final int MISSING_PERMISSIONS = 50013;
    public static final int INVALID_JSON = 50109;
    public static final int REQUEST_TOO_LARGE = 40005;

    private ApiErrors() {}

    public static ApiException unauthorized() {
        return new ApiException(HttpStatus.UNAUTHORIZED, 0, "401: Unauthorized");
    }

    public static ApiException missingPermissions() {
        return new ApiException(HttpStatus.FORBIDDEN, MISSING_PERMISSIONS, "Missing Permissions");
    }

    public static ApiException missingAccess() {
        return new ApiException(HttpStatus.FORBIDDEN, 50001, "Missing Access");
    }

    /** A bot token on an endpoint only people may use. */
    public static ApiException botsNotAllowed() {
        return new ApiException(HttpStatus.FORBIDDEN, 20001, "Bots cannot use this endpoint");
    }

    public static ApiException unknown(Unknown entity) {
        return new ApiException(HttpStatus.NOT_FOUND, entity.code(), entity.message());
    }

    public static ApiException notFound() {
        return new ApiException(HttpStatus.NOT_FOUND, 0, "404: Not Found");
    }

    public static ApiException methodNotAllowed() {
        return new ApiException(HttpStatus.METHOD_NOT_ALLOWED, 0, "405: Method Not Allowed");
    }

    public static ApiException invalidJson() {
        return new ApiException(HttpStatus.BAD_REQUEST, INVALID_JSON, "The request body contains invalid JSON.");
    }

    public static ApiException invalidFormBody(Map<String, Object> errors) {
        return new ApiException(HttpStatus.BAD_REQUEST, INVALID_FORM_BODY, "Invalid Form Body", errors, Map.of());
    }

    public static ApiException requestTooLarge() {
        return new ApiException(HttpStatus.CONTENT_TOO_LARGE, REQUEST_TOO_LARGE, "Request entity too large");
    }

    public static ApiException unsupportedMediaType() {
        return new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, 0, "415: Unsupported Media Type");
    }

    /** 429 with {@code retry_after} in seconds (fractional), as the platform's clients expect. */
    public static ApiException rateLimited(double retryAfterSeconds, boolean global) {
        Map<String, Object> extra = new LinkedHashMap<>();
        extra.put("retry_after", retryAfterSeconds);
        extra.put("global", global);
        return new ApiException(HttpStatus.TOO_MANY_REQUESTS, 0, "You are being rate limited.", null, extra);
    }

    public static ApiException internal() {
        return new ApiException(HttpStatus.INTERNAL_SERVER_ERROR, 0, "500: Internal Server Error");
    }
}
