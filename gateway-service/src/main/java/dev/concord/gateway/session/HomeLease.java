package dev.concord.gateway.session;

import dev.concord.gateway.GatewaySettings;
import dev.concord.gateway.InstanceId;
import dev.concord.platform.redis.LeaseScripts;
import dev.concord.platform.redis.RedisSettings;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.time.Duration;
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
 * Which homes this instance hosts, as leases in Redis ({@code gateway:home:<home>:host} = the instance),
 * renewed every third of their term. A home whose lease ran out has no host: its instance died, and the
 * first instance a client of it resumes on takes the lease and adopts it. An instance that finds a
 * lease of its own taken (it stalled longer than the term) drops that home's sessions at once, so a
 * session is never served by two instances.
 */
@Component
final class HomeLease implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(HomeLease.class);

    private final RedisReactiveCommands<String, String> redis;
    private final RedisSettings keys;
    private final String instance;
    private final Duration term;
    private final Duration sessionsTtl;
    private final SessionRegistry sessions;
    private final Set<String> hosted = ConcurrentHashMap.newKeySet();
    private volatile @Nullable Disposable renewal;

    HomeLease(
            RedisReactiveCommands<String, String> redis,
            RedisSettings keys,
            InstanceId instance,
            GatewaySettings settings,
            SessionRegistry sessions) {
        this.redis = redis;
        this.keys = keys;
        this.instance = instance.value();
        this.term = settings.homeLease();
        this.sessionsTtl = settings.resumeWindow().plus(settings.heartbeatTimeout());
        this.sessions = sessions;
    }

    /** Takes {@code home}'s lease if nobody holds it; true when this instance now hosts it. */
    Mono<Boolean> tryTake(String home) {
        return redis.set(key(home), instance, SetArgs.Builder.nx().px(term.toMillis()))
                .map("OK"::equals)
                .defaultIfEmpty(false)
                .doOnNext(taken -> {
                    if (taken) {
                        hosted.add(home);
                    }
                });
    }

    /** The instance holding {@code home}'s lease, other than this one; empty when nobody does. */
    Mono<String> holder(String home) {
        return redis.get(key(home)).filter(holder -> !holder.equals(instance));
    }

    /** How long the home's lease still runs (a little more, so it has surely gone), at most a whole term. */
    Mono<Duration> remaining(String home) {
        return redis.pttl(key(home))
                .map(millis -> Duration.ofMillis(Math.min(Math.max(millis, 0), term.toMillis()) + 50));
    }

    boolean hosts(String home) {
        return hosted.contains(home);
    }

    /** Gives {@code home} up (none of its sessions is left), so its lease is not renewed in vain. */
    Mono<Void> release(String home) {
        hosted.remove(home);
        return LeaseScripts.release(redis, key(home), instance);
    }

    @Override
    public void start() {
        // A fresh instance id: nobody else can hold this home, and nothing is left under it.
        hosted.add(sessions.ownHome());
        renewal = Flux.interval(Duration.ZERO, term.dividedBy(3))
                .onBackpressureDrop()
                .concatMap(tick -> Flux.fromIterable(Set.copyOf(hosted)).concatMap(this::renew), 1)
                .subscribe();
    }

    private Mono<Void> renew(String home) {
        // The home's set of sessions lives on with the home; a session's own entry with its heartbeats.
        Mono<Boolean> sessionsKept = redis.pexpire(SessionRecord.homeKey(keys, home), sessionsTtl.toMillis());
        Mono<Boolean> renewed = home.equals(sessions.ownHome())
                ? redis.set(key(home), instance, SetArgs.Builder.px(term.toMillis()))
                        .thenReturn(true)
                : LeaseScripts.renew(redis, key(home), instance, term);
        return sessionsKept
                .then(renewed)
                .doOnNext(held -> {
                    if (!held && hosted.remove(home)) {
                        log.error("lease of home {} was lost: its sessions are another instance's now", home);
                        sessions.drop(home);
                    }
                })
                .onErrorResume(e -> {
                    log.warn("lease of home {} not renewed: {}", home, e.toString());
                    return Mono.empty();
                })
                .then();
    }

    /**
     * Lets the homes go on a clean shutdown (after the replay log's last write, which stops later), so
     * their clients resume elsewhere at once instead of after the lease's term.
     */
    @Override
    public void stop() {
        Disposable running = renewal;
        if (running != null) {
            running.dispose();
        }
        renewal = null;
        Flux.fromIterable(Set.copyOf(hosted))
                .concatMap(this::release)
                .onErrorResume(e -> Mono.empty())
                .blockLast(Duration.ofSeconds(2));
    }

    @Override
    public boolean isRunning() {
        return renewal != null;
    }

    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE - 4000;
    }

    private String key(String home) {
        return keys.key("gateway:home:" + home + ":host");
    }
}
