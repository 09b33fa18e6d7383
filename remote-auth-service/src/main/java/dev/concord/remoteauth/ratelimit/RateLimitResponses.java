package dev.concord.remoteauth.ratelimit;

import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.ApiException;
import java.time.Clock;
import java.util.Locale;
import org.springframework.http.HttpHeaders;

/**
 * The 429 the platform's clients understand: {@code retry_after} in the body and the {@code X-RateLimit-*}
 * headers they schedule their retries by.
 */
final class RateLimitResponses {

    private RateLimitResponses() {}

    /** Writes the bucket's headers to {@code headers} and returns the error to answer with. */
    public static ApiException tooManyRequests(Quota quota, HttpHeaders headers, Clock clock) {
        double resetAfter = quota.resetAfter().toMillis() / 1000.0;
        double resetAt = (clock.millis() + quota.resetAfter().toMillis()) / 1000.0;
        headers.set(HttpHeaders.RETRY_AFTER, Long.toString((long) Math.ceil(resetAfter)));
        headers.set("X-RateLimit-Limit", Integer.toString(quota.bucket().limit()));
        headers.set("X-RateLimit-Remaining", Long.toString(quota.remaining()));
        headers.set("X-RateLimit-Reset", seconds(resetAt));
        headers.set("X-RateLimit-Reset-After", seconds(resetAfter));
        headers.set("X-RateLimit-Bucket", quota.bucket().name());
        headers.set("X-RateLimit-Scope", "user");
        return ApiErrors.rateLimited(resetAfter, false);
    }

    private static String seconds(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }
}
