package dev.concord.bench;

import static dev.concord.platform.events.EventTypes.MESSAGE_CREATE;
import static dev.concord.platform.events.EventTypes.USER_SETTINGS_UPDATE;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Time from a request through the edge to its event on the gateway socket: request, transaction, outbox
 * relay, Kafka, gateway, WebSocket. One change at a time, so each figure is one event's full trip. The
 * change is a settings PATCH (USER_SETTINGS_UPDATE to the same user) or, given a webhook's execution URL,
 * an execution (MESSAGE_CREATE to the token's user, a member of the webhook's channel).
 *
 * <p>Usage ({@link Benchmarks}): {@code dispatch-latency <edge base url> <token> [changes] [warm-up]
 * [webhook execution url]}.
 */
public final class DispatchLatency {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    public static void main(String[] args) throws Exception {
        String edge = args[0];
        String token = args[1];
        int changes = args.length > 2 ? Integer.parseInt(args[2]) : 500;
        int warmUp = args.length > 3 ? Integer.parseInt(args[3]) : 100;
        Probe probe = args.length > 4 ? Probe.webhook(args[4]) : Probe.settings(edge, token);

        HttpClient http = HttpClient.newHttpClient();
        BlockingQueue<JsonNode> dispatches = new LinkedBlockingQueue<>();
        WebSocket socket = http.newWebSocketBuilder()
                .buildAsync(
                        URI.create(edge.replaceFirst("^http", "ws") + "/?v=10&encoding=json"),
                        new Collector(dispatches))
                .get(10, TimeUnit.SECONDS);
        socket.sendText(
                "{\"op\":2,\"d\":{\"token\":\"" + token
                        + "\",\"properties\":{\"os\":\"linux\",\"browser\":\"bench\",\"device\":\"bench\"}}}",
                true);
        await(dispatches, "READY");

        long[] nanos = new long[changes];
        long[] answered = new long[changes];
        for (int i = -warmUp; i < changes; i++) {
            // A value never sent before: a PATCH that changes nothing publishes nothing.
            String text = "dispatch probe " + System.nanoTime();
            HttpRequest change = probe.request(text);
            long start = System.nanoTime();
            HttpResponse<String> response = http.send(change, HttpResponse.BodyHandlers.ofString());
            long answer = System.nanoTime() - start;
            if (response.statusCode() / 100 != 2) {
                throw new IllegalStateException(
                        "the change answered " + response.statusCode() + ": " + response.body());
            }
            JsonNode event = await(dispatches, probe.eventType());
            long elapsed = System.nanoTime() - start;
            if (!text.equals(event.path("d").at(probe.textPointer()).asString())) {
                throw new IllegalStateException("dispatch out of order: " + event);
            }
            if (i >= 0) {
                nanos[i] = elapsed;
                answered[i] = answer;
            }
        }
        socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").get(5, TimeUnit.SECONDS);
        Arrays.sort(nanos);
        Arrays.sort(answered);
        System.out.printf(
                "dispatch latency (%s) over %d changes: p50 %.2f ms, p99 %.2f ms, max %.2f ms%n",
                probe.eventType(), changes, millis(nanos, 0.50), millis(nanos, 0.99), nanos[changes - 1] / 1e6);
        System.out.printf(
                "  of which the request's own answer: p50 %.2f ms, p99 %.2f ms%n",
                millis(answered, 0.50), millis(answered, 0.99));
    }

    /** The change a round makes, the event it sends to the socket, and where the event carries its text. */
    private record Probe(Function<String, HttpRequest> requests, String eventType, String textPointer) {

        HttpRequest request(String text) {
            return requests.apply(text);
        }

        static Probe settings(String edge, String token) {
            return new Probe(
                    text -> HttpRequest.newBuilder(URI.create(edge + "/api/v10/users/@me/settings"))
                            .header("Authorization", token)
                            .header("Content-Type", "application/json")
                            .method(
                                    "PATCH",
                                    HttpRequest.BodyPublishers.ofString(
                                            "{\"custom_status\":{\"text\":\"" + text + "\"}}"))
                            .build(),
                    USER_SETTINGS_UPDATE,
                    "/custom_status/text");
        }

        /** An execution without {@code wait}: answered 204 before anyone is told, as webhooks are used. */
        static Probe webhook(String executionUrl) {
            return new Probe(
                    text -> HttpRequest.newBuilder(URI.create(executionUrl))
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString("{\"content\":\"" + text + "\"}"))
                            .build(),
                    MESSAGE_CREATE,
                    "/content");
        }
    }

    private static double millis(long[] sorted, double quantile) {
        return sorted[(int) Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1)] / 1e6;
    }

    private static JsonNode await(BlockingQueue<JsonNode> dispatches, String type) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (true) {
            JsonNode next = dispatches.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            if (next == null) {
                throw new IllegalStateException("no " + type + " within 10 s");
            }
            if (type.equals(next.path("t").asString())) {
                return next;
            }
        }
    }

    /** Collects dispatches (op 0) and answers nothing else: the probe finishes well within a heartbeat. */
    private static final class Collector implements WebSocket.Listener {
        private final BlockingQueue<JsonNode> dispatches;
        private final StringBuilder partial = new StringBuilder();

        Collector(BlockingQueue<JsonNode> dispatches) {
            this.dispatches = dispatches;
        }

        @Override
        public @Nullable CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                JsonNode payload = JSON.readTree(partial.toString());
                partial.setLength(0);
                if (payload.path("op").asInt() == 0) {
                    dispatches.add(payload);
                }
            }
            socket.request(1);
            return null;
        }
    }
}
