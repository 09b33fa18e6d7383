package dev.concord.remoteauth.qr;

import dev.concord.platform.redis.RedisSettings;
import dev.concord.remoteauth.secret.Secrets;
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

/**
 * Gets the phone's payloads to the desktop's socket, wherever it is held. Each instance (node) listens on
 * its own Redis channel; a session records the node of its socket, and the instance serving the phone
 * publishes there, or hands the payload over directly when the socket is its own. A publish nobody
 * received means the node is gone, and with it the socket.
 */
@Component
class DesktopRelay implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(DesktopRelay.class);
    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(30);

    private final String node;
    private final Map<String, DesktopConnection> desktops = new ConcurrentHashMap<>();
    private final RedisReactiveCommands<String, String> redis;
    private final StatefulRedisPubSubConnection<String, String> pubSub;
    private final RedisSettings settings;
    private final String channel;
    private volatile @Nullable Disposable listener;

    DesktopRelay(
            Secrets secrets,
            RedisReactiveCommands<String, String> redis,
            StatefulRedisPubSubConnection<String, String> pubSub,
            RedisSettings settings) {
        this.node = secrets.id();
        this.redis = redis;
        this.pubSub = pubSub;
        this.settings = settings;
        this.channel = channelOf(node);
    }

    String node() {
        return node;
    }

    /** False when another socket of this instance holds the fingerprint already. */
    boolean register(String fingerprint, DesktopConnection desktop) {
        return desktops.putIfAbsent(fingerprint, desktop) == null;
    }

    void unregister(String fingerprint, DesktopConnection desktop) {
        desktops.remove(fingerprint, desktop);
    }

    /** Hands {@code payload} to the desktop of {@code fingerprint} on {@code node}, closing it after when {@code last}. */
    Mono<Boolean> deliver(String node, String fingerprint, String payload, boolean last) {
        if (this.node.equals(node)) {
            return Mono.just(deliverHere(fingerprint, payload, last));
        }
        return redis.publish(channelOf(node), fingerprint + "\n" + (last ? '1' : '0') + payload)
                .map(receivers -> receivers > 0);
    }

    private boolean deliverHere(String fingerprint, String payload, boolean last) {
        DesktopConnection desktop = desktops.get(fingerprint);
        if (desktop == null) {
            return false;
        }
        desktop.deliver(payload, last);
        return true;
    }

    /**
     * Never throws: an exception escaping the subscriber would cancel this instance's listener for good,
     * while Redis still counted it as a receiver, so every later payload would vanish unseen.
     */
    private void received(String message) {
        int newline = message.indexOf('\n');
        if (newline < 0 || newline + 1 >= message.length()) {
            log.warn("ignoring a malformed remote-auth relay message");
            return;
        }
        try {
            deliverHere(
                    message.substring(0, newline), message.substring(newline + 2), message.charAt(newline + 1) == '1');
        } catch (RuntimeException e) {
            log.error("a remote-auth relay delivery failed", e);
        }
    }

    private String channelOf(String node) {
        return settings.key("remote-auth:node:" + node);
    }

    /** Subscribed before the first socket can open, off the event loop. */
    @Override
    public void start() {
        listener = pubSub.reactive()
                .observeChannels()
                .filter(message -> channel.equals(message.getChannel()))
                .subscribe(
                        message -> received(message.getMessage()),
                        e -> log.error("remote-auth relay channel failed", e));
        pubSub.reactive().subscribe(channel).block(STARTUP_TIMEOUT);
    }

    @Override
    public void stop() {
        Disposable current = listener;
        if (current != null) {
            current.dispose();
            pubSub.reactive()
                    .unsubscribe(channel)
                    .subscribe(null, e -> log.debug("unsubscribe failed: {}", e.toString()));
            listener = null;
        }
    }

    /** Before the web server starts taking sockets (Boot starts it at {@code DEFAULT_PHASE - 2048}). */
    @Override
    public int getPhase() {
        return DEFAULT_PHASE - 4096;
    }

    @Override
    public boolean isRunning() {
        return listener != null;
    }
}
