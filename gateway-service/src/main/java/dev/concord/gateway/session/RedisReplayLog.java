package dev.concord.gateway.session;

import dev.concord.gateway.GatewaySettings;
import dev.concord.gateway.protocol.DispatchFrame;
import dev.concord.platform.redis.RedisScript;
import dev.concord.platform.redis.RedisSettings;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * The replay log in Redis: one stream per home ({@code gateway:replay:<home>}), one entry per frame with
 * its bytes once and its recipients as {@code ordinal:seq} pairs, so an event fanned out to a thousand
 * sessions costs one entry, not a thousand. Entries are gathered in memory and appended every few
 * milliseconds, in the order their first recipient got them: each session's frames stay in sequence
 * order in the stream. Entries older than the resume window are trimmed as new ones come.
 *
 * <p>The first frame after a flush arms the next one, {@link #FLUSH_EVERY} later: an idle instance wakes for
 * nothing (a timer ticking every 5 ms regardless was most of an idle gateway's wake-ups).
 */
@Component
final class RedisReplayLog implements ReplayLog, SmartLifecycle {

    /** The longest a dispatch waits to be written down: the window in which a crash costs a resume. */
    static final Duration FLUSH_EVERY = Duration.ofMillis(5);

    /** Bounds one script call (about 200 entries), so that a burst never holds Redis for long. */
    private static final int MAX_APPEND_ARGS = 200 * 13;

    /**
     * Appends entries to the stream {@code KEYS[1]}, trimming what is older than {@code ARGV[1]} and keeping
     * the stream {@code ARGV[2]} ms; then, for each entry, its number of fields and those fields' pairs.
     */
    private static final RedisScript APPEND = new RedisScript("""
            local i = 3
            while i <= #ARGV do
              local pairs = tonumber(ARGV[i])
              local xadd = {'XADD', KEYS[1], 'MINID', '~', ARGV[1], '*'}
              for j = 1, 2 * pairs do xadd[6 + j] = ARGV[i + j] end
              redis.call(unpack(xadd))
              i = i + 1 + 2 * pairs
            end
            redis.call('PEXPIRE', KEYS[1], ARGV[2])
            return 1
            """);

    private static final Logger log = LoggerFactory.getLogger(RedisReplayLog.class);

    /** A frame on its way to one home's stream; a frame is keyed by identity, as it does not override equals. */
    private record Key(String home, DispatchFrame frame) {}

    private final RedisReactiveCommands<String, String> redis;
    private final RedisSettings keys;
    private final Duration retention;
    private LinkedHashMap<Key, ReplayRecipients> pending = new LinkedHashMap<>();
    private @Nullable DispatchFrame lastFrame;
    private @Nullable String lastHome;
    private @Nullable ReplayRecipients lastRecipients;
    /** A signal from the first frame gathered after a flush: the next flush is due {@link #FLUSH_EVERY} later. */
    private final Sinks.Many<Boolean> due = Sinks.many().unicast().onBackpressureBuffer();

    /** Whether the frames gathered since the last flush have signalled theirs. Guarded by this. */
    private boolean flushArmed;

    private volatile @Nullable Disposable flushing;

    RedisReplayLog(RedisReactiveCommands<String, String> redis, RedisSettings keys, GatewaySettings settings) {
        this.redis = redis;
        this.keys = keys;
        this.retention = settings.resumeWindow().plus(settings.heartbeatTimeout());
    }

    @Override
    public void record(Session session, DispatchFrame frame, long seq) {
        synchronized (this) {
            // A fan-out records one frame for session after session: its entry is looked up once, not once
            // per recipient.
            ReplayRecipients recipients = lastRecipients;
            if (frame != lastFrame || !session.home().equals(lastHome) || recipients == null) {
                recipients = pending.computeIfAbsent(new Key(session.home(), frame), key -> new ReplayRecipients());
                lastFrame = frame;
                lastHome = session.home();
                lastRecipients = recipients;
            }
            recipients.add(session.ordinal(), seq);
            if (!flushArmed) {
                // Emitted under the lock, so one at a time, as the sink requires.
                flushArmed = true;
                due.tryEmitNext(Boolean.TRUE);
            }
        }
    }

    /** Appends what was gathered since the last flush, in order; completes when Redis has it. */
    @Override
    public Mono<Void> flush() {
        Map<Key, ReplayRecipients> batch;
        synchronized (this) {
            if (pending.isEmpty()) {
                return Mono.empty();
            }
            batch = pending;
            pending = new LinkedHashMap<>();
            flushArmed = false;
            lastFrame = null;
            lastHome = null;
            lastRecipients = null;
        }
        // One script call per home's stream and about 200 entries, rather than a command per entry:
        // Lettuce's cost is per command, and at thousands of events a second it was a fifth of the gateway.
        // Mono.when subscribes to them one after another without waiting: the calls go out on the one
        // connection in this order, pipelined, so the entries land in the order the sessions got them. (Each
        // is subscribed once only: a Lettuce command runs again at every subscription.)
        String oldest = Long.toString(System.currentTimeMillis() - retention.toMillis());
        String expiry = Long.toString(retention.toMillis());
        Map<String, List<List<String>>> chunksByStream = new LinkedHashMap<>();
        for (Map.Entry<Key, ReplayRecipients> entry : batch.entrySet()) {
            List<List<String>> chunks = chunksByStream.computeIfAbsent(
                    ReplayLogEntry.streamKey(keys, entry.getKey().home()), stream -> new ArrayList<>());
            if (chunks.isEmpty() || chunks.get(chunks.size() - 1).size() >= MAX_APPEND_ARGS) {
                List<String> chunk = new ArrayList<>();
                chunk.add(oldest);
                chunk.add(expiry);
                chunks.add(chunk);
            }
            List<String> chunk = chunks.get(chunks.size() - 1);
            Map<String, String> fields = ReplayLogEntry.fields(
                    entry.getKey().frame(), entry.getValue().toString());
            chunk.add(Integer.toString(fields.size()));
            fields.forEach((field, value) -> {
                chunk.add(field);
                chunk.add(value);
            });
        }
        List<Mono<?>> writes = new ArrayList<>();
        chunksByStream.forEach((stream, chunks) -> {
            for (List<String> chunk : chunks) {
                writes.add(APPEND.<Long>run(
                                redis, ScriptOutputType.INTEGER, new String[] {stream}, chunk.toArray(String[]::new))
                        .next()
                        .onErrorResume(this::failed));
            }
        });
        return Mono.when(writes);
    }

    private <T> Mono<T> failed(Throwable failure) {
        // The sessions still get their frames; only a resume on another instance may find a gap (op 9).
        log.warn("replay log write failed: {}", failure.toString());
        return Mono.empty();
    }

    @Override
    public void start() {
        // One flush at a time, in order. A signal needs a flush before the next one can come: few ever wait.
        flushing = due.asFlux()
                .concatMap(signal -> Mono.delay(FLUSH_EVERY).then(flush()), 1)
                .subscribe();
    }

    /** Writes what is left before the instance goes, so its sessions can resume elsewhere. */
    @Override
    public void stop() {
        Disposable running = flushing;
        if (running != null) {
            running.dispose();
        }
        flushing = null;
        flush().block(Duration.ofSeconds(5));
    }

    @Override
    public boolean isRunning() {
        return flushing != null;
    }

    /** Stops after the web server and the event consumers (a lower phase stops later), so their last frames are written. */
    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE - 3000;
    }
}
