package dev.concord.platform.test.hostile;

import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpMethod;

/**
 * One hostile request and what its answer must be.
 *
 * @param route the route as {@code METHOD /path/{pattern}}, for the report
 * @param subject the part of the request made hostile ({@code field name (string)}, {@code {guild_id}}),
 *     empty when it is the whole request
 * @param variant what is hostile about it, e.g. {@code string with NUL}: the report groups by it
 * @param path the path to call, already percent-encoded
 * @param authorization the {@code Authorization} header, or null for none
 * @param body the raw body, or null for none
 * @param contentType the raw {@code Content-Type} header, or null for none
 */
record Probe(
        String route,
        String subject,
        String variant,
        HttpMethod method,
        String path,
        @Nullable String authorization,
        byte @Nullable [] body,
        @Nullable String contentType,
        Expect expect) {

    /** What the answer must be, beyond never a 5xx and the platform's error shape on every 4xx. */
    enum Expect {
        /** Any answer but a 5xx. */
        ANSWERED,
        /** A 4xx: the request can never be right. */
        REFUSED,
        /** 401 with the platform's body: the route needs a valid token. */
        UNAUTHORIZED,
        /** Not 401: the route is public. */
        NOT_UNAUTHORIZED
    }

    static final String JSON = "application/json";
}
