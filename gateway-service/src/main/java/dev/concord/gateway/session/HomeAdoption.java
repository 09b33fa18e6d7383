package dev.concord.gateway.session;

import dev.concord.gateway.protocol.DispatchFrame;
import dev.concord.platform.redis.RedisSettings;
import io.lettuce.core.Limit;
import io.lettuce.core.Range;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Resume on any instance. A session belongs to a home, first the instance it started on; when that
 * instance dies its lease runs out, and the first instance one of its clients resumes on adopts the
 * whole home: it takes the lease, rebuilds every session of the home from the directory and the replay
 * log (each with its last numbers and frames), follows the home's event feed from where the dead host's
 * consumer group had committed (skipping the events the log shows were sent), and from then on serves
 * those sessions as its own. Their clients resume with nothing missed and nothing repeated; one that had
 * received a frame the log lacks gets op 9, as does any client of a home that is alive elsewhere.
 */
@Component
final class HomeAdoption implements HomeAdopter, SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(HomeAdoption.class);
    private static final int PAGE = 500;
    private static final Duration CHECK_EVERY = Duration.ofSeconds(10);

    private final RedisReactiveCommands<String, String> redis;
    private final RedisSettings keys;
    private final SessionRegistry sessions;
    private final HomeLease lease;
    private final HomeFeed feed;
    private final Map<String, Mono<Void>> adopting = new ConcurrentHashMap<>();
    private final Map<String, Disposable> followed = new ConcurrentHashMap<>();
    private volatile @Nullable Disposable checking;

    HomeAdoption(
            RedisReactiveCommands<String, String> redis,
            RedisSettings keys,
            SessionRegistry sessions,
            HomeLease lease,
            HomeFeed feed) {
        this.redis = redis;
        this.keys = keys;
        this.sessions = sessions;
        this.lease = lease;
        this.feed = feed;
    }

    @Override
    public Mono<Void> adoptHomeOf(String id) {
        return redis.hget(SessionRecord.key(keys, id), "home")
                .filter(home -> !lease.hosts(home))
                .flatMap(home -> adopting.computeIfAbsent(home, h -> adopt(h).doFinally(signal -> adopting.remove(h))
                        .cache()))
                .onErrorResume(failure -> {
                    log.warn("adopting the home of a session failed: {}", failure.toString());
                    return Mono.empty();
                });
    }

    /**
     * Takes the home's lease, waiting out what is left of it once: a client usually reconnects within
     * seconds of its instance dying, before the lease has run out. A lease renewed meanwhile has a live
     * host, and the client gets op 9.
     */
    private Mono<Void> adopt(String home) {
        return lease.tryTake(home)
                .flatMap(taken -> taken
                        ? Mono.just(true)
                        : lease.remaining(home).flatMap(left -> Mono.delay(left).then(lease.tryTake(home))))
                .flatMap(taken -> taken ? rebuild(home) : Mono.empty());
    }

    private Mono<Void> rebuild(String home) {
        Mono<List<SessionRecord>> records = redis.smembers(SessionRecord.homeKey(keys, home))
                .flatMap(
                        id -> redis.hgetall(SessionRecord.key(keys, id))
                                .collectMap(kv -> kv.getKey(), kv -> kv.getValue())
                                .mapNotNull(fields -> SessionRecord.parse(id, fields)),
                        32)
                .collectList();
        return Mono.zip(records, readLog(home))
                .doOnNext(found -> {
                    Replays replays = found.getT2();
                    for (SessionRecord record : found.getT1()) {
                        Session session =
                                sessions.adopted(record.id(), record.principal(), record.intents(), record.home());
                        replays.restore(session, record.seq());
                        sessions.registerAdopted(session);
                    }
                    Instant since = found.getT1().stream()
                            .map(SessionRecord::since)
                            .min(Comparator.naturalOrder())
                            .orElseGet(Instant::now);
                    followed.put(home, feed.follow(home, since, replays.eventIds::contains));
                    log.info(
                            "adopted home {}: {} sessions, {} logged frames",
                            home,
                            found.getT1().size(),
                            replays.entries);
                })
                .then();
    }

    /** The home's whole replay log, a page at a time. */
    private Mono<Replays> readLog(String home) {
        String stream = ReplayLogEntry.streamKey(keys, home);
        Replays replays = new Replays();
        return page(stream, "-")
                .expand(messages -> messages.size() < PAGE
                        ? Mono.empty()
                        : page(stream, "(" + messages.get(messages.size() - 1).getId()))
                .doOnNext(messages -> messages.forEach(message -> replays.add(ReplayLogEntry.parse(message.getBody()))))
                .then(Mono.just(replays));
    }

    private Mono<List<StreamMessage<String, String>>> page(String stream, String from) {
        return redis.xrange(stream, Range.create(from, "+"), Limit.from(PAGE)).collectList();
    }

    /** The frames of each session of the home, by ordinal and number, and the events they carried. */
    private static final class Replays {
        private final Map<Long, Map<Long, DispatchFrame>> frames = new HashMap<>();
        private final Map<Long, Long> lastSeq = new HashMap<>();
        private final Set<String> eventIds = new HashSet<>();
        private int entries;

        void add(ReplayLogEntry entry) {
            entries++;
            DispatchFrame frame = entry.frame();
            String eventId = frame == null ? null : frame.eventId();
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

        /**
         * Gives the session its last number (logged, or as its last heartbeat recorded it) and the unbroken
         * run of frames that ends with it; a resume from before that run gets op 9 (its frames were trimmed,
         * evicted or never written).
         */
        void restore(Session session, long atLastHeartbeat) {
            long last = Math.max(lastSeq.getOrDefault(session.ordinal(), 0L), atLastHeartbeat);
            Map<Long, DispatchFrame> bySeq = frames.getOrDefault(session.ordinal(), Map.of());
            ArrayDeque<DispatchFrame> tail = new ArrayDeque<>();
            for (long seq = last; seq > 0 && bySeq.containsKey(seq); seq--) {
                tail.addFirst(bySeq.get(seq));
            }
            session.restore(last, List.copyOf(tail));
        }
    }

    /** Stops following a home once none of its sessions is left, and lets its lease go. */
    private void releaseEmptyHomes() {
        for (Map.Entry<String, Disposable> home : Map.copyOf(followed).entrySet()) {
            if (!sessions.hasHome(home.getKey()) && followed.remove(home.getKey(), home.getValue())) {
                home.getValue().dispose();
                lease.release(home.getKey())
                        .then(redis.del(ReplayLogEntry.streamKey(keys, home.getKey())))
                        .subscribe(null, e -> log.warn("releasing home {} failed: {}", home.getKey(), e.toString()));
            }
        }
    }

    @Override
    public void start() {
        checking = Flux.interval(CHECK_EVERY).subscribe(tick -> releaseEmptyHomes());
    }

    @Override
    public void stop() {
        Disposable running = checking;
        if (running != null) {
            running.dispose();
        }
        checking = null;
        followed.values().forEach(Disposable::dispose);
    }

    @Override
    public boolean isRunning() {
        return checking != null;
    }
}
