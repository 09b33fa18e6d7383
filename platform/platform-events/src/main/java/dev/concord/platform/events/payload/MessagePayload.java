package dev.concord.platform.events.payload;

import dev.concord.platform.ids.Snowflake;

/** MESSAGE_CREATE, ids only: a message's content never leaves the event. */
public record MessagePayload(Snowflake guildId, Snowflake channelId, Snowflake webhookId, IdOnly author) {

    public Snowflake authorId() {
        return IdOnly.of(author);
    }
}
