package dev.concord.webhook.webhooks;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import org.jspecify.annotations.Nullable;

/**
 * The webhook object as clients read it. {@code user} (its creator) is left out when read with the token
 * alone; {@code token} and {@code url} only where the viewer may see them ({@link WebhookViews}).
 */
public record WebhookObject(
        Snowflake id,
        int type,
        Snowflake guildId,
        Snowflake channelId,

        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable PartialUser user,

        String name,
        @Nullable String avatar,

        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String token,

        @Nullable Snowflake applicationId,

        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String url,

        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable SourceGuild sourceGuild,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable SourceChannel sourceChannel) {

    /** A channel follower webhook's followed guild. */
    public record SourceGuild(
            Snowflake id, String name, @Nullable String icon) {}

    /** A channel follower webhook's followed channel. */
    public record SourceChannel(Snowflake id, String name) {}

    @Override
    public String toString() {
        return "WebhookObject[id=" + id + ", type=" + type + ", channel=" + channelId + "]";
    }
}
