package dev.concord.localstack;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Waits until every app's readiness probe answers UP, the same probe Kubernetes uses, so "ready" here
 * means what it means in production (database migrated, listeners bound). All apps are polled in one
 * loop: an app that dies is reported at once instead of after the others became ready.
 */
final class Readiness {

    private static final Duration POLL = Duration.ofMillis(250);
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

    private Readiness() {}

    static void await(List<StackApp> apps, Options options) {
        long deadline = System.nanoTime() + options.readyTimeout().toNanos();
        List<StackApp> pending = new ArrayList<>(apps);
        while (true) {
            for (var it = pending.iterator(); it.hasNext(); ) {
                StackApp app = it.next();
                String failure = app.failure();
                if (failure != null) {
                    throw new IllegalStateException(
                            app.app().module() + " " + failure + " before it was ready; see " + app.logFile());
                }
                if (isReady(options.port(app.app()))) {
                    it.remove();
                }
            }
            if (pending.isEmpty()) {
                return;
            }
            if (System.nanoTime() > deadline) {
                StackApp first = pending.get(0);
                throw new IllegalStateException(
                        first.app().module() + " was not ready on port " + options.port(first.app()) + " after "
                                + options.readyTimeout().toSeconds() + " s; see " + first.logFile());
            }
            sleep();
        }
    }

    /**
     * True when {@code /actuator/health/readiness} answers 200 with status UP. An app without actuator
     * (the edge) answers 404 instead; Netty only starts serving once the application context is
     * refreshed, so any answer at all is then the best readiness signal there is.
     */
    static boolean isReady(int port) {
        HttpRequest request = HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/actuator/health/readiness"))
                .timeout(Duration.ofSeconds(2))
                .GET()
                .build();
        try {
            HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 404
                    || response.statusCode() == 200 && response.body().contains("\"UP\"");
        } catch (IOException notListeningYet) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for the apps", e);
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(POLL.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for the apps", e);
        }
    }
}
