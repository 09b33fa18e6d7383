package dev.concord.bench;

import io.netty.buffer.ByteBuf;
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
 * One user's gateway socket, as lean as a client can be: Hello answered with Identify (the intents given),
 * a heartbeat at the announced interval (from a random point in the first interval, so thousands of
 * sockets do not beat together), READY parsed, payloads sent on demand (op 4), and every later frame handed
 * unparsed to its {@link Frames} ({@link FanoutRound} unless told otherwise). No thread of its own: it lives
 * on the client's event loops and a shared timer.
 */
final class GatewaySocket implements PacedIdentifies.Socket {

    /** Where a socket's frames after READY go, on its event loop, while the frame's buffer is still held. */
    @FunctionalInterface
    interface Frames {
        void frame(GatewaySocket socket, ByteBuf content);
    }

    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** Where a dispatch's number starts: the gateway writes {@code "s":} before {@code "d"}, so the first is it. */
    private static final byte[] SEQUENCE_KEY = "\"s\":".getBytes(StandardCharsets.US_ASCII);
    /** A dispatch's head ({@code {"op":0,"t":"...","s":}) is short; the number is looked for only there. */
    private static final int SEQUENCE_SEARCH = 96;
    /** A GUILD_CREATE's type, looked for in a frame's head only by a socket whose READY listed no guild. */
    private static final byte[] GUILD_CREATE_TYPE = "\"t\":\"GUILD_CREATE\"".getBytes(StandardCharsets.US_ASCII);
    /** READY of a user in one guild is small; the default 64 KiB would still be a limit worth not having. */
    private static final int MAX_FRAME = 1 << 20;

    private final int index;
    private final String token;

    /** GUILDS, and GUILD_MESSAGES when messages are timed, GUILD_VOICE_STATES on a stage. */
    private final int intents;

    private final Frames frames;
    /** Payloads to send (op 4), emitted by one thread at a time. */
    private final Sinks.Many<String> commands = Sinks.many().unicast().onBackpressureBuffer();

    private final AtomicBoolean settled = new AtomicBoolean();
    private final Sinks.One<GatewaySocket> outcome = Sinks.one();
    private final Sinks.One<Long> heartbeatInterval = Sinks.one();
    private volatile boolean ready;
    /** The last dispatch's number, -1 before READY. */
    private volatile long lastSeq = -1;

    private volatile @Nullable Disposable connection;
    /**
     * How many guilds READY listed, -1 before it: none when the gateway could not get the user's guilds from
     * guild-service in time (it sends READY without them, and the session then hears nothing of them).
     */
    volatile int readyGuilds = -1;

    /** GUILD_CREATEs that came after a READY listing no guild: the gateway sends them once guild-service answers. */
    volatile int lateGuilds;

    /** Why the socket never got READY; null once it did. */
    volatile @Nullable String failure;
    /** How a ready socket ended before the benchmark was done; null while it is open. */
    volatile @Nullable String dropped;

    GatewaySocket(String token, int intents) {
        this(0, token, intents, (socket, content) -> FanoutRound.frame(content));
    }

    /** @param index the user's place among the run's users, for the frames' bookkeeping and the source address */
    GatewaySocket(int index, String token, int intents, Frames frames) {
        this.index = index;
        this.token = token;
        this.intents = intents;
        this.frames = frames;
    }

    @Override
    public int index() {
        return index;
    }

    /** Connects now; completes at READY or failure, while the socket stays open. */
    @Override
    public Mono<GatewaySocket> open(HttpClient client, String url, Duration timeout) {
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

    /** Closes the socket, whatever it is doing; it counts as no failure after that. */
    void close() {
        Disposable open = connection;
        if (open != null) {
            open.dispose();
        }
    }

    /** Sends {@code payload} (a JSON text) after READY; never from two threads at once. */
    void send(String payload) {
        Sinks.EmitResult result = commands.tryEmitNext(payload);
        if (result.isFailure()) {
            throw new IllegalStateException("a payload of socket " + index + " not sent: " + result);
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
            long seq = sequenceOf(text.content());
            if (seq > 0) {
                lastSeq = seq;
            }
            if (readyGuilds == 0 && contains(text.content(), GUILD_CREATE_TYPE)) {
                lateGuilds++;
            }
            frames.frame(this, text.content());
            return;
        }
        JsonNode payload = JSON.readTree(text.text());
        switch (payload.path("op").asInt(-1)) {
            case 10 -> {
                heartbeatInterval.tryEmitValue(
                        payload.path("d").path("heartbeat_interval").asLong(41_250));
                send.next(
                        "{\"op\":2,\"d\":{\"token\":\"" + token + "\",\"intents\":" + intents + ","
                                + "\"properties\":{\"os\":\"linux\",\"browser\":\"gateway-fanout\",\"device\":\"gateway-fanout\"}}}");
            }
            case 0 -> {
                if ("READY".equals(payload.path("t").asString())) {
                    lastSeq = payload.path("s").asLong();
                    readyGuilds = payload.path("d").path("guilds").size();
                    ready = true;
                    settle(null);
                }
            }
            case 9 -> settle("invalid session (op 9)");
            default -> {}
        }
    }

    /** The frame's {@code "s"} number, read from its bytes; -1 when it has none (Heartbeat ACK). */
    private static long sequenceOf(ByteBuf frame) {
        int start = frame.readerIndex();
        int end = Math.min(frame.writerIndex(), start + SEQUENCE_SEARCH) - SEQUENCE_KEY.length;
        for (int at = start; at <= end; at++) {
            if (startsWith(frame, at, SEQUENCE_KEY)) {
                long seq = 0;
                int digit = at + SEQUENCE_KEY.length;
                for (; digit < frame.writerIndex() && Character.isDigit(frame.getByte(digit)); digit++) {
                    seq = seq * 10 + (frame.getByte(digit) - '0');
                }
                return digit == at + SEQUENCE_KEY.length ? -1 : seq;
            }
        }
        return -1;
    }

    /** Whether the frame's head holds {@code key}. */
    private static boolean contains(ByteBuf frame, byte[] key) {
        int end = Math.min(frame.writerIndex(), frame.readerIndex() + SEQUENCE_SEARCH) - key.length;
        for (int at = frame.readerIndex(); at <= end; at++) {
            if (startsWith(frame, at, key)) {
                return true;
            }
        }
        return false;
    }

    private static boolean startsWith(ByteBuf frame, int at, byte[] key) {
        for (int i = 0; i < key.length; i++) {
            if (frame.getByte(at + i) != key[i]) {
                return false;
            }
        }
        return true;
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

    private GatewaySocket timedOut(Duration timeout) {
        settle("timeout: no READY within " + timeout.toSeconds() + " s");
        Disposable open = connection;
        if (open != null) {
            open.dispose();
        }
        return this;
    }
}
