package dev.concord.gateway.session;

import dev.concord.gateway.protocol.DispatchFrame;
import dev.concord.platform.redis.RedisSettings;
import io.lettuce.core.Limit;
import io.lettuce.core.Range;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import reactor.core.publisher.Mono;

/**
 * A home's replay log as read back by the instance that takes its sessions over: the frames of each
 * session, by ordinal and number, and the ids of the events they carried.
 */
final class LoggedReplays {

    /** What a session resumes from: its last number and the unbroken run of frames ending with it. */
    record Restored(long lastSeq, List<DispatchFrame> tail) {}

    private static final int PAGE = 500;

    private final Map<Long, Map<Long, DispatchFrame>> frames = new HashMap<>();
    private final Map<Long, Long> lastSeq = new HashMap<>();
    private final Set<String> eventIds = new HashSet<>();
    private int entries;

    /** The home's whole log, a page at a time. */
    static Mono<LoggedReplays> read(RedisReactiveCommands<String, String> redis, RedisSettings keys, String home) {
        String stream = ReplayLogEntry.streamKey(keys, home);
        LoggedReplays replays = new LoggedReplays();
        return page(redis, stream, "-")
                .expand(messages -> messages.size() < PAGE
                        ? Mono.empty()
                        : page(
                                redis,
                                stream,
                                "(" + messages.get(messages.size() - 1).getId()))
                .doOnNext(messages -> messages.forEach(message -> replays.add(ReplayLogEntry.parse(message.getBody()))))
                .then(Mono.just(replays));
    }

    private static Mono<List<StreamMessage<String, String>>> page(
            RedisReactiveCommands<String, String> redis, String stream, String from) {
        return redis.xrange(stream, Range.create(from, "+"), Limit.from(PAGE)).collectList();
    }

    void add(ReplayLogEntry entry) {
        entries++;
        DispatchFrame frame = entry.frame();
        String eventId = entry.eventId();
        if (eventId != null) {
            eventIds.add(eventId);
        }
        for (ReplayLogEntry.Recipient recipient : entry.recipients()) {
            lastSeq.merge(recipient.ordinal(), recipient.seq(), Math::max);
            if (frame != null) {
                frames.computeIfAbsent(recipient.ordinal(), o -> new HashMap<>())
                        .put(recipient.seq(), frame);
            }
        }
    }

    /** Whether the log shows event {@code id} was sent to some session of the home. */
    boolean sent(String eventId) {
        return eventIds.contains(eventId);
    }

    int entries() {
        return entries;
    }

    /**
     * The last number of session {@code ordinal} (logged, or as its last heartbeat recorded it) and the
     * unbroken run of frames that ends with it; a resume from before that run gets op 9 (its frames were
     * trimmed, evicted or never written).
     */
    Restored restoredFor(long ordinal, long atLastHeartbeat) {
        long last = Math.max(lastSeq.getOrDefault(ordinal, 0L), atLastHeartbeat);
        Map<Long, DispatchFrame> bySeq = frames.getOrDefault(ordinal, Map.of());
        ArrayDeque<DispatchFrame> tail = new ArrayDeque<>();
        for (long seq = last; seq > 0 && bySeq.containsKey(seq); seq--) {
            tail.addFirst(bySeq.get(seq));
        }
        return new Restored(last, List.copyOf(tail));
    }
}
