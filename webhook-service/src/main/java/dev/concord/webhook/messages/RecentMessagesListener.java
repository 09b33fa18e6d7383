package dev.concord.webhook.messages;

import dev.concord.platform.events.EventConsumer;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.events.EventSubscriber;
import dev.concord.platform.ids.Snowflake;
import java.util.List;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Forgets a channel's {@link RecentMessages} on each event of its messages, whichever instance made the
 * change. The consumer group is this instance's own and starts at the latest offset: every instance keeps
 * its own pages and needs no event older than they are.
 */
@Component
final class RecentMessagesListener extends EventConsumer {

    static final String TOPIC = "webhook.events";

    private final EventSubscriber subscriber;
    private final RecentMessages recent;
    private final String groupId;

    RecentMessagesListener(
            EventSubscriber subscriber,
            RecentMessages recent,
            @Value("${spring.application.name}") String serviceName) {
        this.subscriber = subscriber;
        this.recent = recent;
        this.groupId = serviceName + ".recent-messages." + UUID.randomUUID();
    }

    @Override
    protected Disposable subscribe() {
        return subscriber.subscribe(groupId, List.of(TOPIC), EventSubscriber.StartFrom.LATEST, this::apply);
    }

    Mono<Void> apply(EventEnvelope event) {
        JsonNode data = event.data();
        JsonNode channel = data == null ? null : data.get("channel_id");
        Snowflake channelId = channel == null ? null : Snowflake.parseOrNull(channel.asString(null));
        if (event.type().startsWith("MESSAGE_") && channelId != null) {
            recent.forget(channelId);
        }
        return Mono.empty();
    }
}
