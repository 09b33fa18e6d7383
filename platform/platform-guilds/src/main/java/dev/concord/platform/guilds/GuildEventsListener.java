package dev.concord.platform.guilds;

import dev.concord.platform.events.EventConsumer;
import dev.concord.platform.events.EventSubscriber;
import java.util.List;
import java.util.UUID;
import reactor.core.Disposable;

/**
 * Drops cached answers about a guild on each of its events. The consumer group is this instance's own
 * and starts at the latest offset: every instance caches for itself, and needs no event older than its
 * cache.
 */
final class GuildEventsListener extends EventConsumer {

    static final String TOPIC = "guild.events";

    private final EventSubscriber subscriber;
    private final GuildAuthorization authorization;
    private final String groupId;

    GuildEventsListener(EventSubscriber subscriber, GuildAuthorization authorization, String serviceName) {
        this.subscriber = subscriber;
        this.authorization = authorization;
        this.groupId = serviceName + ".guild-authz." + UUID.randomUUID();
    }

    @Override
    protected Disposable subscribe() {
        return subscriber.subscribe(groupId, List.of(TOPIC), EventSubscriber.StartFrom.LATEST, authorization::onEvent);
    }
}
