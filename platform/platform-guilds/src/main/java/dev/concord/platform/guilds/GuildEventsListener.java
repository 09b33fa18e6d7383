package dev.concord.platform.guilds;

import dev.concord.platform.events.EventSubscriber;
import java.util.List;
import java.util.UUID;
import org.springframework.context.SmartLifecycle;
import reactor.core.Disposable;

/**
 * Drops cached answers about a guild on each of its events. The consumer group is this instance's own
 * and starts at the latest offset: every instance caches for itself, and needs no event older than its
 * cache.
 */
final class GuildEventsListener implements SmartLifecycle {

    static final String TOPIC = "guild.events";

    private final EventSubscriber subscriber;
    private final GuildAuthorization authorization;
    private final String groupId;
    private volatile Disposable subscription;

    GuildEventsListener(EventSubscriber subscriber, GuildAuthorization authorization, String serviceName) {
        this.subscriber = subscriber;
        this.authorization = authorization;
        this.groupId = serviceName + ".guild-authz." + UUID.randomUUID();
    }

    @Override
    public void start() {
        subscription = subscriber.subscribe(groupId, List.of(TOPIC), EventSubscriber.StartFrom.LATEST, authorization::onEvent);
    }

    @Override
    public void stop() {
        Disposable current = subscription;
        if (current != null) {
            current.dispose();
        }
    }

    @Override
    public boolean isRunning() {
        Disposable current = subscription;
        return current != null && !current.isDisposed();
    }
}
