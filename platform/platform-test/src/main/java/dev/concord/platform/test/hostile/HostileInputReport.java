package dev.concord.platform.test.hostile;

/** What a run of {@link HostileInputSuite} did and what went wrong. */
public final class HostileInputReport {

    private final String service;
    private final int routes;
    private final int requests;
    private final double seconds;
    private final Failures failures;

    HostileInputReport(String service, int routes, int requests, double seconds, Failures failures) {
        this.service = service;
        this.routes = routes;
        this.requests = requests;
        this.seconds = seconds;
        this.failures = failures;
    }

    public int routes() {
        return routes;
    }

    public int requests() {
        return requests;
    }

    public int failures() {
        return failures.count();
    }

    /** One line: routes, requests, seconds and failures. */
    public String summary() {
        return String.format(
                "hostile input, %s: %d routes, %d requests in %.1f s, %d failures",
                service, routes, requests, seconds, failures.count());
    }

    /** Fails with every failure of the run, grouped by what was wrong, in one message. */
    public void assertNoFailures() {
        if (!failures.isEmpty()) {
            throw new AssertionError(summary() + failures.report());
        }
    }
}
