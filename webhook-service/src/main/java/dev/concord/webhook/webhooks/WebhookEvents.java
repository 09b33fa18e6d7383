package dev.concord.webhook.webhooks;

import static dev.concord.platform.events.EventTypes.WEBHOOKS_UPDATE;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.ids.Snowflake;
import java.util.LinkedHashMap;
import java.util.Map;

/** WEBHOOKS_UPDATE on {@code webhook.events}, keyed by the channel like its messages, to those who see the channel. */
final class WebhookEvents {

    private WebhookEvents() {}

    static DomainEvent updated(Snowflake guildId, Snowflake channelId) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("guild_id", guildId);
        data.put("channel_id", channelId);
        return new DomainEvent(WEBHOOKS_UPDATE, channelId.asString(), Audience.channel(guildId, channelId), data);
    }
}
