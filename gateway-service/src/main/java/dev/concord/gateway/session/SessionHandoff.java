package dev.concord.gateway.session;

import dev.concord.gateway.InstanceId;
import dev.concord.platform.redis.RedisSettings;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * Moves a session between two live instances when its client resumes on the one that does not host it.
 * The new host first makes the session reachable for events here, holding them unnumbered; then asks the
 * old host (over Redis pub/sub) to let it go. The old host waits until its event feed has handled every
 * event published before the request — so each event is handled by one of the two while the session is
 * registered there, or by both — then ends the session without a word to the directory, writes its replay
 * log out and answers. The new host reads the session's frames from that log, numbers on from there, and
 * adds what it held except the events the log shows were sent: nothing missed, nothing twice.
 */
@Component
final class SessionHandoff implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(SessionHandoff.class);
    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(30);
    /** How long the old host may take: its feed catching up is the most of it. */
    private static final Duration ANSWER_WITHIN = Duration.ofSeconds(5);

    private static final Duration CATCH_UP_WITHIN = Duration.ofSeconds(4);

    private final RedisReactiveCommands<String, String> redis;
    private final StatefulRedisPubSubConnection<String, String> pubSub;
    private final RedisSettings keys;
    private final String instance;
    private final String channel;
    private final SessionRegistry sessions;
    private final HomeFeed feed;
    private final ReplayLog replayLog;
    private final SessionDirectory directory;
    private final Map<String, Sinks.One<Boolean>> awaiting = new ConcurrentHashMap<>();
    private volatile @Nullable Disposable listening;

    SessionHandoff(
            RedisReactiveCommands<String, String> redis,
            StatefulRedisPubSubConnection<String, String> pubSub,
            RedisSettings keys,
            InstanceId instance,
            SessionRegistry sessions,
            HomeFeed feed,
            ReplayLog replayLog,
            SessionDirectory directory) {
        this.redis = redis;
        this.pubSub = pubSub;
        this.keys = keys;
        this.instance = instance.value();
        this.channel = channelOf(instance.value());
        this.sessions = sessions;
        this.feed = feed;
        this.replayLog = replayLog;
        this.directory = directory;
    }

    /** Brings session {@code record} here from {@code holder}; empty when the holder does not let it go. */
    Mono<Session> takeOver(SessionRecord record, String holder) {
        Session session = sessions.handedOver(record);
        Sinks.One<Boolean> answer = Sinks.one();
        awaiting.put(record.id(), answer);
        return redis.publish(channelOf(holder), Message.release(record.id(), instance))
                // Nobody listening: the holder is dead (its lease has not run out yet).
                .flatMap(listeners -> listeners > 0 ? answer.asMono().timeout(ANSWER_WITHIN) : Mono.empty())
                .filter(released -> released)
                .flatMap(released ->
                        LoggedReplays.read(redis, keys, record.home().id()))
                .filter(replays -> {
                    LoggedReplays.Restored restored =
                            replays.restoredFor(record.home().ordinal(), record.seq());
                    return session.settle(restored.lastSeq(), restored.tail(), replays::sent);
                })
                .map(settled -> {
                    directory.opened(session);
                    log.debug("took {} over from instance {}", session, holder);
                    return session;
                })
                .onErrorResume(failure -> {
                    log.warn("handing a session over from instance {} failed: {}", holder, failure.toString());
                    return Mono.empty();
                })
                .switchIfEmpty(Mono.<Session>fromRunnable(() -> sessions.abandon(session)))
                .doFinally(signal -> awaiting.remove(record.id(), answer));
    }

    /** The old host's side: lets the session go once its feed has caught up, then answers. */
    private void release(String sessionId, String to) {
        Session session = sessions.find(sessionId).orElse(null);
        Mono<Boolean> released = session == null
                ? Mono.just(false)
                : feed.caughtUp(session.home())
                        .timeout(CATCH_UP_WITHIN)
                        .then(Mono.fromRunnable(() -> sessions.handOver(session)))
                        .then(replayLog.flush())
                        .then(redis.srem(SessionRecord.homeKey(keys, session.home()), sessionId))
                        .thenReturn(true)
                        .onErrorResume(failure -> {
                            log.warn("could not hand {} over: {}", session, failure.toString());
                            return Mono.just(false);
                        });
        released.flatMap(done -> redis.publish(channelOf(to), Message.answer(sessionId, done)))
                .subscribe(null, e -> log.warn("answering a handoff failed: {}", e.toString()));
    }

    private void received(String text) {
        Message message = Message.parse(text);
        if (message == null) {
            log.warn("ignoring a malformed session handoff message");
        } else if (message.release()) {
            release(message.sessionId(), message.argument());
        } else {
            Sinks.One<Boolean> answer = awaiting.get(message.sessionId());
            if (answer != null) {
                answer.tryEmitValue("released".equals(message.argument()));
            }
        }
    }

    private String channelOf(String instance) {
        return keys.key("gateway:handoff:" + instance);
    }

    /** Subscribed before the first socket can open, off the event loop. */
    @Override
    public void start() {
        listening = pubSub.reactive()
                .observeChannels()
                .filter(message -> channel.equals(message.getChannel()))
                .subscribe(
                        message -> received(message.getMessage()), e -> log.error("session handoff channel failed", e));
        pubSub.reactive().subscribe(channel).block(STARTUP_TIMEOUT);
    }

    @Override
    public void stop() {
        Disposable current = listening;
        if (current != null) {
            current.dispose();
            pubSub.reactive()
                    .unsubscribe(channel)
                    .subscribe(null, e -> log.debug("unsubscribe failed: {}", e.toString()));
            listening = null;
        }
    }

    @Override
    public boolean isRunning() {
        return listening != null;
    }

    /** Before the web server starts taking sockets (Boot starts it at {@code DEFAULT_PHASE - 2048}). */
    @Override
    public int getPhase() {
        return DEFAULT_PHASE - 4096;
    }

    /**
     * One line each: {@code release <session> <instance to answer>}, or {@code answer <session>
     * released|kept}.
     */
    private record Message(boolean release, String sessionId, String argument) {

        static String release(String sessionId, String answerTo) {
            return "release " + sessionId + " " + answerTo;
        }

        static String answer(String sessionId, boolean released) {
            return "answer " + sessionId + " " + (released ? "released" : "kept");
        }

        static @Nullable Message parse(String text) {
            String[] parts = text.split(" ", -1);
            if (parts.length != 3 || !(parts[0].equals("release") || parts[0].equals("answer"))) {
                return null;
            }
            return new Message(parts[0].equals("release"), parts[1], parts[2]);
        }
    }
}
