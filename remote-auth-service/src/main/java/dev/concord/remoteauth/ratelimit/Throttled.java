package dev.concord.remoteauth.ratelimit;

/** A request refused by a rate limit; handlers turn it into a 429 with the bucket's headers. */
final class Throttled extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient Quota quota;

    public Throttled(Quota quota) {
        // No stack trace: an expected outcome, and a flood of them must stay cheap.
        super("rate limited: " + quota.bucket().name(), null, false, false);
        this.quota = quota;
    }

    public Quota quota() {
        return quota;
    }
}
