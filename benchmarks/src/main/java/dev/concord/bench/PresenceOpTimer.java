package dev.concord.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * presence-service's own account of op 3 (its {@code /actuator/prometheus}): its timer
 * {@code concord.presence.updates}, one per op 3 the gateway passes on (many to a request), each timed from
 * its read to its outcome, after the change is stored and published. Read before and after a
 * load, the difference of counts is how many op 3s reached presence-service (the gateway merges a
 * session's op 3s that come while one is on its way: fewer than were sent means presence-service was
 * behind), and of sums over counts their mean time there.
 */
final class PresenceOpTimer {

    private static final String COUNT = "concord_presence_updates_seconds_count";
    private static final String SUM = "concord_presence_updates_seconds_sum";

    record Reading(long count, double seconds) {

        long opsSince(Reading before) {
            return count - before.count;
        }

        /** "mean 1.23 ms", or "n/a" when no op 3 came in between. */
        String meanSince(Reading before) {
            long ops = opsSince(before);
            return ops == 0 ? "n/a" : String.format("%.2f ms", (seconds - before.seconds) * 1000 / ops);
        }
    }

    private final HttpClient http = HttpClient.newHttpClient();
    private final URI metrics;

    /** @param base presence-service's HTTP address, e.g. {@code http://127.0.0.1:8083} */
    PresenceOpTimer(String base) {
        this.metrics = URI.create(base + "/actuator/prometheus");
    }

    /** Every outcome is counted: an op 3 refused reached presence-service too. */
    Reading read() throws IOException, InterruptedException {
        String text = http.send(HttpRequest.newBuilder(metrics).build(), HttpResponse.BodyHandlers.ofString())
                .body();
        long count = 0;
        double seconds = 0;
        for (String line : text.split("\n")) {
            if (line.startsWith("#")) {
                continue;
            }
            double value = Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            if (line.startsWith(COUNT)) {
                count += (long) value;
            } else if (line.startsWith(SUM)) {
                seconds += value;
            }
        }
        return new Reading(count, seconds);
    }
}
