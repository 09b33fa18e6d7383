package dev.concord.webhook.webhooks;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import org.jspecify.annotations.Nullable;

/** {@code POST /channels/{channel.id}/followers}: the text channel the followed channel's messages go to. */
record FollowRequest(@Nullable Snowflake webhookChannelId) implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        v.required("webhook_channel_id", webhookChannelId);
    }
}
