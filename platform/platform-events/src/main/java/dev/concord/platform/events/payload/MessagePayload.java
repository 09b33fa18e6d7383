package dev.concord.platform.events.payload;

import dev.concord.platform.ids.Snowflake;
import org.jspecify.annotations.Nullable;

/** MESSAGE_CREATE, ids only: a message's content never leaves the event. */
public record MessagePayload(
        @Nullable Snowflake guildId,
        @Nullable Snowflake channelId,
        @Nullable Snowflake webhookId,
        @Nullable IdOnly author) {

    public @Nullable Snowflake authorId() {
        return IdOnly.of(author);
    }
}
