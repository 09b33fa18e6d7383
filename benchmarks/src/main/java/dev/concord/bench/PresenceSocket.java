package dev.concord.bench;

import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientHandshakeException;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.publisher.SynchronousSink;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.WebsocketClientSpec;
import reactor.netty.http.websocket.WebsocketInbound;
import reactor.netty.http.websocket.WebsocketOutbound;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One user's gateway socket for {@link PresenceFanout}: Hello answered with an Identify that comes online
 * (a presence of status online, no intents: a friend's PRESENCE_UPDATE needs none, and without GUILDS the
 * Identify asks guild-service nothing), a heartbeat at the announced interval (from a random point in the
 * first, so that the sockets do not beat together), op 3 sent on demand, and every frame after READY handed
 * to {@link PresenceArrivals} unparsed. No thread of its own: it lives on the client's event loops.
 */
final class PresenceSocket implements PacedIdentifies.Socket {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** The star's READY lists 1,000 friends' presences: well above the default 64 KiB. */
    private static final int MAX_FRAME = 4 << 20;

    final int index;
    private final String token;
    private final PresenceArrivals arrivals;

    private final AtomicBoolean settled = new AtomicBoolean();
    private final Sinks.One<PresenceSocket> outcome = Sinks.one();
    private final Sinks.One<Long> heartbeatInterval = Sinks.one();
    /** Op 3s, emitted by one thread at a time (the star's rounds, then the sustained load's sender). */
    private final Sinks.Many<String> commands = Sinks.many().unicast().onBackpressureBuffer();

    private volatile boolean ready;
    private volatile long lastSeq = -1;
    /** How many presences READY listed (the friends online when this user came). */
    volatile int readyPresences = -1;
    /**
     * Whether READY listed the user's sessions: it lists none when opening the session's presence in
     * presence-service failed, and then the user is offline to friends until its next op 3.
     */
    volatile boolean presenceOpened;
    /** The star's last round this socket counted: a duplicate frame counts once. Event loop only. */
    int lastStarRound = -1;

    private volatile @Nullable Disposable connection;
    /** Why the socket never got READY; null once it did. */
    volatile @Nullable String failure;
    /** How a ready socket ended before the benchmark was done (a 4008 rate limit, say); null while open. */
    volatile @Nullable String dropped;

    /** @param index the user's place among the run's users (0 is the star) */
    PresenceSocket(int index, String token, PresenceArrivals arrivals) {
        this.index = index;
        this.token = token;
        this.arrivals = arrivals;
    }

    @Override
    public int index() {
        return index;
    }

    /** Connects now; completes at READY or failure, while the socket stays open. */
    @Override
    public Mono<PresenceSocket> open(HttpClient client, String url, Duration timeout) {
        return Mono.defer(() -> {
            connection = client.websocket(WebsocketClientSpec.builder()
                            .maxFramePayloadLength(MAX_FRAME)
                            .build())
                    .uri(url)
                    .handle(this::talk)
                    .subscribe(null, this::failed, () -> ended("closed without a close frame"));
            return outcome.asMono().timeout(timeout, Mono.fromSupplier(() -> timedOut(timeout)));
        });
    }

    boolean isOpen() {
        return failure == null && dropped == null;
    }

    @Override
    public @Nullable String problem() {
        return failure != null ? failure : dropped != null ? "dropped after READY: " + dropped : null;
    }

    /** Sends op 3 with {@code status}; never from two threads at once. */
    void sendStatus(String status) {
        Sinks.EmitResult result = commands.tryEmitNext(
                "{\"op\":3,\"d\":{\"status\":\"" + status + "\",\"since\":0,\"afk\":false,\"activities\":[]}}");
        if (result.isFailure()) {
            throw new IllegalStateException("op 3 of socket " + index + " not sent: " + result);
        }
    }

    private Publisher<Void> talk(WebsocketInbound in, WebsocketOutbound out) {
        in.receiveCloseStatus().subscribe(status -> ended("close " + status.code() + " " + status.reasonText()));
        Flux<String> answers = in.aggregateFrames(MAX_FRAME).receiveFrames().handle(this::answer);
        Flux<String> heartbeats = heartbeatInterval
                .asMono()
                .flatMapMany(millis -> Flux.interval(
                        Duration.ofMillis(ThreadLocalRandom.current().nextLong(millis)), Duration.ofMillis(millis)))
                .map(beat -> "{\"op\":1,\"d\":" + (lastSeq < 0 ? "null" : Long.toString(lastSeq)) + "}");
        return out.sendString(Flux.merge(answers, heartbeats, commands.asFlux()), StandardCharsets.UTF_8);
    }

    /** Runs on the event loop while the frame's buffer is still held: nothing here may keep it. */
    private void answer(WebSocketFrame frame, SynchronousSink<String> send) {
        if (!(frame instanceof TextWebSocketFrame text)) {
            return;
        }
        if (ready) {
            arrivals.frame(this, text.content());
            return;
        }
        JsonNode payload = JSON.readTree(text.text());
        switch (payload.path("op").asInt(-1)) {
            case 10 -> {
                heartbeatInterval.tryEmitValue(
                        payload.path("d").path("heartbeat_interval").asLong(41_250));
                send.next("{\"op\":2,\"d\":{\"token\":\"" + token + "\",\"intents\":0,"
                        + "\"properties\":{\"os\":\"linux\",\"browser\":\"presence-fanout\",\"device\":\"presence-fanout\"},"
                        + "\"presence\":{\"status\":\"online\",\"since\":0,\"afk\":false,\"activities\":[]}}}");
            }
            case 0 -> {
                if ("READY".equals(payload.path("t").asString())) {
                    lastSeq = payload.path("s").asLong();
                    readyPresences = payload.path("d").path("presences").size();
                    presenceOpened = !payload.path("d").path("sessions").isEmpty();
                    ready = true;
                    settle(null);
                }
            }
            case 9 -> settle("invalid session (op 9)");
            default -> {}
        }
    }

    /** A dispatch's number, for the heartbeat; read by {@link PresenceArrivals}, which has the frame's bytes. */
    void sequence(long seq) {
        lastSeq = seq;
    }

    private void settle(@Nullable String why) {
        if (settled.compareAndSet(false, true)) {
            failure = why;
            outcome.tryEmitValue(this);
        }
    }

    private void failed(Throwable error) {
        if (error instanceof WebSocketClientHandshakeException refused && refused.response() != null) {
            ended("upgrade refused with HTTP " + refused.response().status().code());
        } else {
            ended(error.getClass().getSimpleName() + ": " + error.getMessage());
        }
    }

    private void ended(String why) {
        settle(why);
        if (failure == null && dropped == null) {
            dropped = why;
        }
    }

    private PresenceSocket timedOut(Duration timeout) {
        settle("timeout: no READY within " + timeout.toSeconds() + " s");
        Disposable open = connection;
        if (open != null) {
            open.dispose();
        }
        return this;
    }
}
