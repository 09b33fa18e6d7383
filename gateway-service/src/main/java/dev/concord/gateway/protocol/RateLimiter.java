package dev.concord.gateway.protocol;

import java.time.Duration;

/**
 * At most {@code limit} client payloads per window (120 per 60 s; heartbeats count). A fixed window
 * keeps the cost at two fields per connection; it lets a client burst twice the limit across a window
 * boundary, which is harmless at these numbers. Not thread-safe: a connection handles its inbound
 * payloads one at a time.
 */
public final class RateLimiter {

    public static final int LIMIT = 120;
    public static final Duration WINDOW = Duration.ofSeconds(60);

    private final int limit;
    private final long windowNanos;
    private long windowStart;
    private int count = -1;

    public RateLimiter(int limit, Duration window) {
        this.limit = limit;
        this.windowNanos = window.toNanos();
    }

    public static RateLimiter standard() {
        return new RateLimiter(LIMIT, WINDOW);
    }

    /** Counts one payload received at {@code nowNanos}; false once the window's budget is spent. */
    public boolean tryAcquire(long nowNanos) {
        if (count < 0 || nowNanos - windowStart >= windowNanos) {
            windowStart = nowNanos;
            count = 0;
        }
        count++;
        return count <= limit;
    }
}
