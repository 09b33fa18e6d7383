package dev.concord.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The guild event of the fan-out benchmark: a PATCH of the guild's name through the edge by its owner,
 * which guild-service publishes as GUILD_UPDATE to every member. One at a time, each waited for on every
 * socket before the next; or many at once, untimed, to warm the JIT up.
 */
final class GuildPatches {

    private final HttpClient http = HttpClient.newHttpClient();
    private final URI guildUri;
    private final String ownerToken;

    GuildPatches(String edge, String ownerToken, long guild) {
        this.guildUri = URI.create(edge + "/api/v10/guilds/" + guild);
        this.ownerToken = ownerToken;
    }

    /** When the PATCH was answered, and when the last of {@code sockets} had the event (-1: not in time). */
    record Timing(long answer, long lastSocket, long missing) {}

    Timing timedRound(int number, int sockets, Duration timeout) throws IOException, InterruptedException {
        FanoutRound round = FanoutRound.begin(number, sockets);
        HttpResponse<String> response = http.send(patch(round.guildName()), HttpResponse.BodyHandlers.ofString());
        long answer = System.nanoTime() - round.start;
        if (response.statusCode() != 200) {
            throw new IllegalStateException(
                    "PATCH of the guild answered " + response.statusCode() + ": " + response.body());
        }
        long last = round.awaitLast(timeout.toMillis());
        return new Timing(answer, last, round.missing());
    }

    /**
     * Sends {@code count} PATCHes, {@code concurrency} at a time, and waits for their answers, not for their
     * events: warm-up. Their names are no round's, so the sockets that get them count nothing.
     */
    void untimed(int count, int concurrency) throws InterruptedException {
        Semaphore slots = new Semaphore(concurrency);
        AtomicReference<String> failure = new AtomicReference<>();
        for (int i = 0; i < count && failure.get() == null; i++) {
            slots.acquire();
            http.sendAsync(patch("warm-up-" + i), HttpResponse.BodyHandlers.ofString())
                    .whenComplete((response, error) -> {
                        if (error != null) {
                            failure.compareAndSet(null, error.toString());
                        } else if (response.statusCode() != 200) {
                            failure.compareAndSet(null, response.statusCode() + ": " + response.body());
                        }
                        slots.release();
                    });
        }
        slots.acquire(concurrency);
        if (failure.get() != null) {
            throw new IllegalStateException("a warm-up PATCH of the guild failed: " + failure.get());
        }
    }

    private HttpRequest patch(String name) {
        return HttpRequest.newBuilder(guildUri)
                .header("Authorization", ownerToken)
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"name\":\"" + name + "\"}"))
                .build();
    }
}
