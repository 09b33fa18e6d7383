package dev.concord.bench;

import static dev.concord.platform.events.EventTypes.MESSAGE_CREATE;
import static dev.concord.platform.events.EventTypes.USER_SETTINGS_UPDATE;

import java.net.URI;
import java.util.Arrays;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Time from a request through the edge to its event on the gateway socket: request, transaction, outbox
 * relay, Kafka, gateway, WebSocket. One change at a time, so each figure is one event's full trip. The
 * change is a settings PATCH (USER_SETTINGS_UPDATE to the same user) or, given a webhook's execution URL,
 * an execution (MESSAGE_CREATE to the token's user, a member of the webhook's channel).
 *
 * <p>One thread does it all on blocking sockets ({@link BlockingHttp}, {@link BlockingWebSocket}): it sends
 * the request, reads the answer, then reads the socket until the event, and the clock is read right there,
 * with no client threads between the wire and the figure. The event nearly always arrives after the
 * answer; one that came first is read, and timed, after it: the figure can only be late, never early.
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
        Probe probe = args.length > 4 ? Probe.webhook(args[4]) : Probe.settings();

        long[] nanos = new long[changes];
        long[] answers = new long[changes];
        URI base = URI.create(edge);
        try (BlockingHttp http = new BlockingHttp(probe.target(base));
                BlockingWebSocket socket =
                        new BlockingWebSocket(URI.create(edge.replaceFirst("^http", "ws") + "/?v=10&encoding=json"))) {
            socket.send("{\"op\":2,\"d\":{\"token\":\"" + token
                    + "\",\"properties\":{\"os\":\"linux\",\"browser\":\"bench\",\"device\":\"bench\"}}}");
            await(socket, "READY");
            for (int i = -warmUp; i < changes; i++) {
                // A value never sent before: a PATCH that changes nothing publishes nothing.
                String text = "dispatch probe " + System.nanoTime();
                long start = System.nanoTime();
                BlockingHttp.Answer answer = probe.send(http, token, text);
                long answered = System.nanoTime() - start;
                if (answer.status() / 100 != 2) {
                    throw new IllegalStateException("the change answered " + answer.status() + ": " + answer.body());
                }
                JsonNode event = await(socket, probe.eventType());
                long elapsed = System.nanoTime() - start;
                if (!text.equals(event.path("d").at(probe.textPointer()).asString())) {
                    throw new IllegalStateException("dispatch out of order: " + event);
                }
                if (i >= 0) {
                    nanos[i] = elapsed;
                    answers[i] = answered;
                }
            }
        }
        Arrays.sort(nanos);
        Arrays.sort(answers);
        System.out.printf(
                "dispatch latency (%s) over %d changes: p50 %.2f ms, p99 %.2f ms, max %.2f ms%n",
                probe.eventType(), changes, millis(nanos, 0.50), millis(nanos, 0.99), nanos[changes - 1] / 1e6);
        System.out.printf(
                "  of which the request's own answer: p50 %.2f ms, p99 %.2f ms%n",
                millis(answers, 0.50), millis(answers, 0.99));
    }

    /**
     * The change a round makes (a method, a path of the base URL and a JSON body with the text), the event
     * it sends to the socket, and where the event carries its text.
     */
    private record Probe(
            URI url, String method, boolean authorized, String bodyFormat, String eventType, String textPointer) {

        URI target(URI base) {
            return url.isAbsolute() ? url : base;
        }

        BlockingHttp.Answer send(BlockingHttp http, String token, String text) throws java.io.IOException {
            String path = url.getRawPath() + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery());
            return http.send(
                    method, path, authorized ? Map.of("Authorization", token) : Map.of(), bodyFormat.formatted(text));
        }

        static Probe settings() {
            return new Probe(
                    URI.create("/api/v10/users/@me/settings"),
                    "PATCH",
                    true,
                    "{\"custom_status\":{\"text\":\"%s\"}}",
                    USER_SETTINGS_UPDATE,
                    "/custom_status/text");
        }

        /** An execution without {@code wait}: answered 204 before anyone is told, as webhooks are used. */
        static Probe webhook(String executionUrl) {
            return new Probe(
                    URI.create(executionUrl), "POST", false, "{\"content\":\"%s\"}", MESSAGE_CREATE, "/content");
        }
    }

    private static double millis(long[] sorted, double quantile) {
        return sorted[(int) Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1)] / 1e6;
    }

    /** Reads dispatches (op 0) until one of {@code type}; the gateway's other messages are passed over. */
    private static JsonNode await(BlockingWebSocket socket, String type) throws java.io.IOException {
        while (true) {
            JsonNode next = JSON.readTree(socket.receive());
            if (next.path("op").asInt() == 0 && type.equals(next.path("t").asString())) {
                return next;
            }
        }
    }
}
