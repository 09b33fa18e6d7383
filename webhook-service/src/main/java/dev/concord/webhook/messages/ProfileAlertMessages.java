package dev.concord.webhook.messages;

import static dev.concord.platform.events.EventTypes.AUTO_MODERATION_PROFILE_ALERT;

import dev.concord.platform.events.EventConsumer;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.events.EventSubscriber;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiException;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Alerts of USER_PROFILE rules, which guild-service judges when members join or rename themselves: each
 * AUTO_MODERATION_PROFILE_ALERT on guild.events is posted in the rule's alert channel as an auto moderation
 * message (type 24) by the member, under the id the event names (the execution's {@code
 * alert_system_message_id}), with MESSAGE_CREATE. An alert posted already is not posted again.
 */
@Component
final class ProfileAlertMessages extends EventConsumer {

    static final String TOPIC = "guild.events";

    private static final Logger log = LoggerFactory.getLogger(ProfileAlertMessages.class);

    private final EventSubscriber subscriber;
    private final ChannelAccess access;
    private final MessageService messages;
    private final MessageStore store;
    private final String groupId;

    ProfileAlertMessages(
            EventSubscriber subscriber,
            ChannelAccess access,
            MessageService messages,
            MessageStore store,
            @Value("${spring.application.name}") String serviceName) {
        this.subscriber = subscriber;
        this.access = access;
        this.messages = messages;
        this.store = store;
        this.groupId = serviceName + ".profile-alerts";
    }

    @Override
    protected Disposable subscribe() {
        return subscriber.subscribe(groupId, List.of(TOPIC), EventSubscriber.StartFrom.EARLIEST, this::apply);
    }

    Mono<Void> apply(EventEnvelope event) {
        if (!AUTO_MODERATION_PROFILE_ALERT.equals(event.type())) {
            return Mono.empty();
        }
        JsonNode alert = event.data();
        Snowflake guildId = id(alert.path("guild_id"));
        Snowflake channelId = id(alert.path("channel_id"));
        Snowflake messageId = id(alert.path("message_id"));
        Snowflake userId = id(alert.path("user_id"));
        if (guildId == null || channelId == null || messageId == null || userId == null) {
            return Mono.empty();
        }
        MessageRow row = MessageRow.autoModerationNotice(
                messageId,
                channelId,
                guildId,
                userId,
                AlertEmbeds.ofProfile(alert).asArray());
        return store.find(channelId, messageId)
                .hasElement()
                .filter(posted -> !posted)
                .flatMap(absent -> access.asPlatformInGuildChannel(channelId, guildId, userId))
                .flatMap(in -> messages.postSystemMessage(in, row))
                .then()
                // The alert channel deleted, or moved out of the guild, since the rule named it: nowhere to post.
                .onErrorResume(ApiException.class, e -> {
                    log.info("Profile alert {} not posted: {}", event.id(), e.getMessage());
                    return Mono.empty();
                });
    }

    /** The id a field holds, or null when it holds none: another service's event must not stop us. */
    private static @Nullable Snowflake id(JsonNode value) {
        return Snowflake.parseOrNull(value.isString() ? value.asString() : null);
    }
}
