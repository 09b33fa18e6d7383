package dev.concord.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.Map;

/**
 * The gateway's own account of an event's time (its {@code /actuator/prometheus}): from the change to the
 * start of its fan-out ({@code gateway.event.lag}) and the fan-out itself ({@code gateway.fanout}). Read
 * before and after a round of events, the difference of their sums and counts is the round's mean.
 */
final class GatewayTimers {

    record Reading(double lagSeconds, long lagCount, double fanoutSeconds, long fanoutCount) {

        /** Mean lag and fan-out since {@code before}, in milliseconds, as text. */
        String meansSince(Reading before) {
            long events = fanoutCount - before.fanoutCount;
            return String.format(
                    "change -> fan-out start %.2f ms, fan-out (numbering and queuing) %.2f ms, mean of %,d events",
                    millis(lagSeconds - before.lagSeconds, lagCount - before.lagCount),
                    millis(fanoutSeconds - before.fanoutSeconds, events),
                    events);
        }

        private static double millis(double seconds, long count) {
            return count == 0 ? Double.NaN : seconds * 1000 / count;
        }
    }

    private final HttpClient http = HttpClient.newHttpClient();
    private final URI metrics;

    /** @param base the gateway's HTTP address, e.g. {@code http://127.0.0.1:8086} */
    GatewayTimers(String base) {
        this.metrics = URI.create(base + "/actuator/prometheus");
    }

    Reading read() throws IOException, InterruptedException {
        String text = http.send(HttpRequest.newBuilder(metrics).build(), HttpResponse.BodyHandlers.ofString())
                .body();
        Map<String, Double> values = new HashMap<>();
        for (String line : text.split("\n")) {
            if (line.startsWith("gateway_")) {
                int space = line.lastIndexOf(' ');
                String name = line.substring(0, space);
                int labels = name.indexOf('{');
                values.put(
                        labels < 0 ? name : name.substring(0, labels), Double.parseDouble(line.substring(space + 1)));
            }
        }
        return new Reading(
                values.getOrDefault("gateway_event_lag_seconds_sum", 0.0),
                values.getOrDefault("gateway_event_lag_seconds_count", 0.0).longValue(),
                values.getOrDefault("gateway_fanout_seconds_sum", 0.0),
                values.getOrDefault("gateway_fanout_seconds_count", 0.0).longValue());
    }
}
