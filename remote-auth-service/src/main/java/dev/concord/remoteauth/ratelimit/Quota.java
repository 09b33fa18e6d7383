package dev.concord.remoteauth.ratelimit;

import java.time.Duration;

/** A subject's use of a bucket after a hit: how many hits the current window has seen and when it ends. */
record Quota(Bucket bucket, long used, Duration resetAfter) {

    public boolean exceeded() {
        return used > bucket.limit();
    }

    public long remaining() {
        return Math.max(0, bucket.limit() - used);
    }
}
