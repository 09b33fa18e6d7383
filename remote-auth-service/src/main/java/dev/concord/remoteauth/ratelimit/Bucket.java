package dev.concord.remoteauth.ratelimit;

import java.time.Duration;

/**
 * A fixed-window limit: at most {@code limit} hits per {@code window} for each subject.
 *
 * @param name shown to clients in {@code X-RateLimit-Bucket} and part of the Redis key
 */
public record Bucket(String name, int limit, Duration window) {}
