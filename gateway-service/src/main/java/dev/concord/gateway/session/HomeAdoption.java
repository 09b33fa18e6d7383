package dev.concord.gateway.session;

import dev.concord.platform.redis.RedisSettings;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
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
 * received a frame the log lacks gets op 9. A session whose home is alive on another instance is handed
 * over alone, from that instance ({@link SessionHandoff}).
 */
@Component
final class HomeAdoption implements HomeAdopter, SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(HomeAdoption.class);
    private static final Duration CHECK_EVERY = Duration.ofSeconds(10);

    private final RedisReactiveCommands<String, String> redis;
    private final RedisSettings keys;
    private final SessionRegistry sessions;
    private final HomeLease lease;
    private final HomeFeed feed;
    private final SessionHandoff handoff;
    private final Map<String, Mono<Void>> adopting = new ConcurrentHashMap<>();
    private final Map<String, Disposable> followed = new ConcurrentHashMap<>();
    private volatile @Nullable Disposable checking;

    HomeAdoption(
            RedisReactiveCommands<String, String> redis,
            RedisSettings keys,
            SessionRegistry sessions,
            HomeLease lease,
            HomeFeed feed,
            SessionHandoff handoff) {
        this.redis = redis;
        this.keys = keys;
        this.sessions = sessions;
        this.lease = lease;
        this.feed = feed;
        this.handoff = handoff;
    }

    /**
     * Brings session {@code id} here: from its host, if that instance answers (a live handoff), else with
     * its whole home, once the home's lease has run out.
     */
    @Override
    public Mono<Void> adoptHomeOf(String id) {
        return redis.hgetall(SessionRecord.key(keys, id))
                .collectMap(kv -> kv.getKey(), kv -> kv.getValue())
                .mapNotNull(fields -> SessionRecord.parse(id, fields))
                .filter(record -> !lease.hosts(record.home().id()))
                .flatMap(record -> lease.holder(record.home().id())
                        .flatMap(holder -> handoff.takeOver(record, holder))
                        .map(handedOver -> true)
                        .switchIfEmpty(
                                Mono.defer(() -> adoptWhole(record.home().id())).thenReturn(true)))
                .then()
                .onErrorResume(failure -> {
                    log.warn("bringing a session here failed: {}", failure.toString());
                    return Mono.empty();
                });
    }

    /** Adopts {@code home} once (concurrent resumes of its sessions wait for the one adoption). */
    private Mono<Void> adoptWhole(String home) {
        return adopting.computeIfAbsent(
                home, h -> adopt(h).doFinally(signal -> adopting.remove(h)).cache());
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
        return Mono.zip(records, LoggedReplays.read(redis, keys, home))
                .doOnNext(found -> {
                    LoggedReplays replays = found.getT2();
                    for (SessionRecord record : found.getT1()) {
                        Session session =
                                sessions.adopted(record.id(), record.principal(), record.intents(), record.home());
                        session.serve(record.shard());
                        LoggedReplays.Restored restored =
                                replays.restoredFor(record.home().ordinal(), record.seq());
                        session.restore(restored.lastSeq(), restored.tail());
                        sessions.registerAdopted(session);
                    }
                    Instant since = found.getT1().stream()
                            .map(SessionRecord::since)
                            .min(Comparator.naturalOrder())
                            .orElseGet(Instant::now);
                    followed.put(home, feed.follow(home, since, replays::sent));
                    log.info(
                            "adopted home {}: {} sessions, {} logged frames",
                            home,
                            found.getT1().size(),
                            replays.entries());
                })
                .then();
    }

    /** Stops following a home once none of its sessions is left, and lets its lease go. */
    private void releaseEmptyHomes() {
        for (Map.Entry<String, Disposable> home : Map.copyOf(followed).entrySet()) {
            if (!sessions.hasHome(home.getKey()) && followed.remove(home.getKey(), home.getValue())) {
                home.getValue().dispose();
                // Its replay log is left to expire: an instance its last session was just handed to may
                // still be reading it.
                lease.release(home.getKey())
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
