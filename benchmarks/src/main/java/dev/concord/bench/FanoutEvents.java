package dev.concord.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * The event of the fan-out benchmark, made through the edge by the guild's owner and carrying a marker
 * ({@code fanout-r<number>}) the sockets look for: a PATCH of the guild's name, which guild-service
 * publishes as GUILD_UPDATE to every member, or a message sent to one of its channels, which
 * webhook-service publishes as MESSAGE_CREATE to every member who sees the channel. One at a time, each
 * waited for on every socket before the next; or many at once, untimed, to warm the JIT up.
 */
final class FanoutEvents {

    private static final int GUILDS = 1;
    private static final int GUILD_MESSAGES = 1 << 9;

    private final HttpClient http = HttpClient.newHttpClient();
    private final String ownerToken;
    private final String eventType;
    private final int intents;
    private final Function<String, HttpRequest.Builder> request;

    private FanoutEvents(
            String ownerToken, String eventType, int intents, Function<String, HttpRequest.Builder> request) {
        this.ownerToken = ownerToken;
        this.eventType = eventType;
        this.intents = intents;
        this.request = request;
    }

    /** GUILD_UPDATE: the guild renamed to the marker. */
    static FanoutEvents guildPatches(String edge, String ownerToken, long guild) {
        URI guildUri = URI.create(edge + "/api/v10/guilds/" + guild);
        return new FanoutEvents(ownerToken, "GUILD_UPDATE", GUILDS, marker -> HttpRequest.newBuilder(guildUri)
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"name\":\"" + marker + "\"}")));
    }

    /** MESSAGE_CREATE: the marker said in the channel. */
    static FanoutEvents channelMessages(String edge, String ownerToken, long channel) {
        URI messagesUri = URI.create(edge + "/api/v10/channels/" + channel + "/messages");
        return new FanoutEvents(
                ownerToken, "MESSAGE_CREATE", GUILDS | GUILD_MESSAGES, marker -> HttpRequest.newBuilder(messagesUri)
                        .POST(HttpRequest.BodyPublishers.ofString("{\"content\":\"" + marker + "\"}")));
    }

    /** The intents the sockets identify with, so that they get the event. */
    int intents() {
        return intents;
    }

    /** The type of the dispatch the sockets wait for. */
    String eventType() {
        return eventType;
    }

    /** When the request was answered, and when the last of {@code sockets} had the event (-1: not in time). */
    record Timing(long answer, long lastSocket, long missing) {}

    Timing timedRound(int number, int sockets, Duration timeout) throws IOException, InterruptedException {
        FanoutRound round = FanoutRound.begin(number, sockets);
        HttpResponse<String> response = http.send(request(round.marker()), HttpResponse.BodyHandlers.ofString());
        long answer = System.nanoTime() - round.start;
        if (response.statusCode() != 200) {
            throw new IllegalStateException(
                    "the " + eventType + " request answered " + response.statusCode() + ": " + response.body());
        }
        long last = round.awaitLast(timeout.toMillis());
        return new Timing(answer, last, round.missing());
    }

    /**
     * Sends {@code count} requests, {@code concurrency} at a time, and waits for their answers, not for their
     * events: warm-up. Their markers are no round's, so the sockets that get them count nothing.
     */
    void untimed(int count, int concurrency) throws InterruptedException {
        Semaphore slots = new Semaphore(concurrency);
        AtomicReference<String> failure = new AtomicReference<>();
        for (int i = 0; i < count && failure.get() == null; i++) {
            slots.acquire();
            http.sendAsync(request("warm-up-" + i), HttpResponse.BodyHandlers.ofString())
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
            throw new IllegalStateException("a warm-up " + eventType + " request failed: " + failure.get());
        }
    }

    private HttpRequest request(String marker) {
        return request.apply(marker)
                .header("Authorization", ownerToken)
                .header("Content-Type", "application/json")
                .build();
    }
}
