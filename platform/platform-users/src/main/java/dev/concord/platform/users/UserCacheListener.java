package dev.concord.platform.users;

import dev.concord.platform.events.EventConsumer;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.events.EventSubscriber;
import java.util.List;
import java.util.UUID;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * Brings this instance's {@link UserCache} up to each USER_CREATE and USER_UPDATE. The consumer group is
 * the instance's own and starts at the latest offset: every instance caches for itself (the replica's
 * updater is one group per service, so only one instance sees each event), and needs no event older than
 * its cache.
 */
final class UserCacheListener extends EventConsumer {

    private final EventSubscriber subscriber;
    private final UserCache cache;
    private final String groupId;

    UserCacheListener(EventSubscriber subscriber, UserCache cache, String serviceName) {
        this.subscriber = subscriber;
        this.cache = cache;
        this.groupId = serviceName + ".user-cache." + UUID.randomUUID();
    }

    @Override
    protected Disposable subscribe() {
        return subscriber.subscribe(
                groupId, List.of(UserReplicaUpdater.TOPIC), EventSubscriber.StartFrom.LATEST, this::apply);
    }

    Mono<Void> apply(EventEnvelope event) {
        UserReplicaUpdater.replicated(event)
                .ifPresent(user -> cache.offer(user, event.id().value()));
        return Mono.empty();
    }
}
